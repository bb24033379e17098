/** The browser side of the "Mods & plugins" tool's API (/api/panel/modrinth), loaded with the tool. */
import type { ChangeAnswer, InstalledAnswer, InstallPlan, ModrinthContext, SearchAnswer } from '../../../contracts/modrinth.ts';
import type { ContentKind, ServerSoftware } from '../../../contracts/modrinth-rules.ts';
import { apiFetch, type Method } from '../../lib/api-client.ts';

export type { ChangeAnswer, InstalledAnswer, InstallPlan, ModrinthContext, SearchAnswer };

const call = <T>(method: Method, path: string, body?: unknown) =>
  apiFetch<T>(method, `/api/panel/modrinth${path}`, { body, fallback: 'The panel could not be reached. Please try again.' });

export interface ServerTarget {
  software: ServerSoftware;
  version: string;
}

const target = (t: ServerTarget) => `software=${encodeURIComponent(t.software)}&version=${encodeURIComponent(t.version)}`;
const id = (projectId: string) => encodeURIComponent(projectId);

export const modrinthApi = {
  context: () => call<ModrinthContext>('GET', '/context'),
  search: (t: ServerTarget, kind: ContentKind, q: string, offset: number) =>
    call<SearchAnswer>('GET', `/search?${target(t)}&kind=${kind}&q=${encodeURIComponent(q)}&offset=${offset}`),
  plan: (t: ServerTarget, kind: ContentKind, projectId: string) => call<InstallPlan>('GET', `/projects/${id(projectId)}/plan?${target(t)}&kind=${kind}`),
  install: (t: ServerTarget, kind: ContentKind, projectId: string, versionId: string, dependencies: string[]) =>
    call<ChangeAnswer>('POST', '/installs', { software: t.software, version: t.version, kind, projectId, versionId, dependencies }),
  installed: (t: ServerTarget) => call<InstalledAnswer>('GET', `/installs?${target(t)}`),
  update: (t: ServerTarget, projectId: string) => call<ChangeAnswer>('POST', `/installs/${id(projectId)}/update`, { software: t.software, version: t.version }),
  remove: (projectId: string) => call<ChangeAnswer>('DELETE', `/installs/${id(projectId)}`),
};

/** A project's icon, fetched by our server (the page's CSP keeps images to this site). */
export const modrinthIcon = (url: string) => `/api/panel/modrinth/icon?url=${encodeURIComponent(url)}`;
