import { createHash } from 'node:crypto';
import type http from 'node:http';
import { type FakeProject, type FakeVersion, fileBytes, iconPng, sha512 } from './modrinth-data.ts';

/**
 * The fake Modrinth's routes (test/fakes/modrinth-fake.ts), one helper per resource: search,
 * project, a project's versions, a version, the update check by file hash, and the CDN. Shapes
 * as docs/modrinth.md describes them.
 */

/** What the fake holds: its projects and versions, the tampered files and its own address. */
export interface ModrinthState {
  projects: FakeProject[];
  versions: FakeVersion[];
  tampered: Set<string>;
  /** http://127.0.0.1:port, known once the server listens. */
  base: string;
}

export interface ModrinthAnswer {
  status: number;
  json?: unknown;
  bytes?: Buffer;
  type?: string;
}

const notFound = (): ModrinthAnswer => ({ status: 404, json: { error: 'not_found', description: 'the requested route does not exist' } });
const newestFirst = (a: FakeVersion, b: FakeVersion) => Date.parse(b.published) - Date.parse(a.published);
const apiProjectType = (project: FakeProject) => (project.projectType === 'plugin' || project.projectType === 'datapack' ? 'mod' : project.projectType);
const versionsOf = (state: ModrinthState, project: FakeProject) => state.versions.filter((version) => version.projectId === project.id);
const findProject = (state: ModrinthState, idOrSlug: string) => state.projects.find((project) => project.id === idOrSlug || project.slug === idOrSlug);

function jsonArray(value: string | null): string[] | undefined {
  if (value === null) return undefined;
  const parsed = JSON.parse(value) as unknown;
  if (!Array.isArray(parsed) || parsed.some((item) => typeof item !== 'string')) throw new Error('not an array of strings');
  return parsed as string[];
}

function fileJson(state: ModrinthState, version: FakeVersion) {
  const bytes = fileBytes(version.id);
  return {
    hashes: { sha512: sha512(bytes), sha1: createHash('sha1').update(bytes).digest('hex') },
    url: `${state.base}/cdn/data/${version.projectId}/versions/${version.id}/${encodeURIComponent(version.fileName)}`,
    filename: version.fileName,
    primary: true,
    size: bytes.length,
    file_type: null,
  };
}

function versionJson(state: ModrinthState, version: FakeVersion) {
  return {
    id: version.id,
    project_id: version.projectId,
    author_id: 'fakeauth',
    name: `${version.versionNumber}`,
    version_number: version.versionNumber,
    changelog: '',
    dependencies: (version.dependencies ?? []).map((d) => ({
      version_id: null,
      project_id: d.project_id,
      file_name: null,
      dependency_type: d.dependency_type,
    })),
    game_versions: version.gameVersions,
    version_type: 'release',
    loaders: version.loaders,
    featured: false,
    status: 'listed',
    date_published: version.published,
    downloads: 1000,
    files: [fileJson(state, version)],
  };
}

function facetMatches(state: ModrinthState, project: FakeProject, facet: string): boolean {
  const [field, value] = [facet.slice(0, facet.indexOf(':')), facet.slice(facet.indexOf(':') + 1)];
  const projectVersions = versionsOf(state, project);
  if (field === 'categories') return project.categories.includes(value);
  if (field === 'versions') return projectVersions.some((version) => version.gameVersions.includes(value));
  if (field === 'project_type') return project.projectType === value;
  if (field === 'server_side') return project.serverSide === value;
  throw new Error(`unknown facet ${field}`);
}

/** GET /v2/search */
function search(state: ModrinthState, url: URL): ModrinthAnswer {
  const raw = url.searchParams.get('facets');
  const groups = raw ? (JSON.parse(raw) as string[][]) : [];
  const query = (url.searchParams.get('query') ?? '').toLowerCase();
  const offset = Number(url.searchParams.get('offset') ?? '0');
  const limit = Math.min(Number(url.searchParams.get('limit') ?? '10'), 100);
  const found = state.projects
    .filter((project) => !query || `${project.title} ${project.description} ${project.slug}`.toLowerCase().includes(query))
    .filter((project) => groups.every((group) => group.some((facet) => facetMatches(state, project, facet))))
    .sort((a, b) => b.downloads - a.downloads);
  const hits = found.slice(offset, offset + limit).map((project) => ({
    project_id: project.id,
    project_type: apiProjectType(project),
    slug: project.slug,
    author: project.author,
    title: project.title,
    description: project.description,
    categories: project.categories,
    display_categories: project.categories,
    versions: [...new Set(versionsOf(state, project).flatMap((version) => version.gameVersions))],
    downloads: project.downloads,
    follows: 10,
    icon_url: `${state.base}/cdn/data/${project.id}/icon.png`,
    date_created: '2020-01-01T00:00:00Z',
    date_modified: project.updated,
    latest_version: versionsOf(state, project).sort(newestFirst)[0]?.id ?? null,
    license: 'MIT',
    client_side: 'optional',
    server_side: project.serverSide,
    gallery: [],
    featured_gallery: null,
    color: null,
  }));
  return { status: 200, json: { hits, offset, limit, total_hits: found.length } };
}

/** GET /v2/project/{id|slug} */
function project(state: ModrinthState, idOrSlug: string): ModrinthAnswer {
  const found = findProject(state, idOrSlug);
  if (!found) return notFound();
  const versions = versionsOf(state, found);
  return {
    status: 200,
    json: {
      id: found.id,
      slug: found.slug,
      project_type: apiProjectType(found),
      title: found.title,
      description: found.description,
      categories: found.categories,
      client_side: 'optional',
      server_side: found.serverSide,
      downloads: found.downloads,
      icon_url: `${state.base}/cdn/data/${found.id}/icon.png`,
      updated: found.updated,
      published: '2020-01-01T00:00:00Z',
      versions: versions.map((version) => version.id),
      loaders: [...new Set(versions.flatMap((version) => version.loaders))],
      game_versions: [...new Set(versions.flatMap((version) => version.gameVersions))],
    },
  };
}

/** GET /v2/project/{id|slug}/version, filtered by `loaders` and `game_versions`, newest first. */
function projectVersions(state: ModrinthState, idOrSlug: string, url: URL): ModrinthAnswer {
  const found = findProject(state, idOrSlug);
  if (!found) return notFound();
  const loaders = jsonArray(url.searchParams.get('loaders'));
  const gameVersions = jsonArray(url.searchParams.get('game_versions'));
  const list = versionsOf(state, found)
    .filter((version) => !loaders || version.loaders.some((loader) => loaders.includes(loader)))
    .filter((version) => !gameVersions || version.gameVersions.some((gameVersion) => gameVersions.includes(gameVersion)))
    .sort(newestFirst);
  return { status: 200, json: list.map((version) => versionJson(state, version)) };
}

/** GET /v2/version/{id} */
function version(state: ModrinthState, id: string): ModrinthAnswer {
  const found = state.versions.find((candidate) => candidate.id === id);
  return found ? { status: 200, json: versionJson(state, found) } : notFound();
}

/** POST /v2/version_files/update: the newest version of each hash's project for the loaders and game versions. */
function versionFilesUpdate(state: ModrinthState, body: string): ModrinthAnswer {
  const request = JSON.parse(body) as { hashes: string[]; algorithm: string; loaders?: string[]; game_versions?: string[] };
  const result: Record<string, unknown> = {};
  for (const hash of request.hashes) {
    const owner = state.versions.find((candidate) => sha512(fileBytes(candidate.id)) === hash);
    if (!owner) continue;
    const newest = state.versions
      .filter((candidate) => candidate.projectId === owner.projectId)
      .filter((candidate) => !request.loaders || candidate.loaders.some((loader) => request.loaders!.includes(loader)))
      .filter((candidate) => !request.game_versions || candidate.gameVersions.some((gameVersion) => request.game_versions!.includes(gameVersion)))
      .sort(newestFirst)[0];
    if (newest) result[hash] = versionJson(state, newest);
  }
  return { status: 200, json: result };
}

/** GET /cdn/data/{project}/versions/{version}/{file}: the file's bytes, other bytes when tampered. */
function cdnFile(state: ModrinthState, versionId: string): ModrinthAnswer {
  const found = state.versions.find((candidate) => candidate.id === versionId);
  if (!found) return { status: 404, bytes: Buffer.from('not found') };
  const bytes = fileBytes(found.id);
  return { status: 200, bytes: state.tampered.has(found.id) ? Buffer.concat([bytes, Buffer.from('tampered')]) : bytes };
}

/** One request's answer; throws on input the fake cannot read (the server answers 400). */
export function answerModrinth(state: ModrinthState, req: http.IncomingMessage, body: string): ModrinthAnswer {
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = url.pathname;
  if (req.method === 'GET' && path === '/v2/search') return search(state, url);
  const projectVersionsMatch = /^\/v2\/project\/([^/]+)\/version$/.exec(path);
  if (req.method === 'GET' && projectVersionsMatch) return projectVersions(state, decodeURIComponent(projectVersionsMatch[1]!), url);
  const projectMatch = /^\/v2\/project\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && projectMatch) return project(state, decodeURIComponent(projectMatch[1]!));
  const versionMatch = /^\/v2\/version\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && versionMatch) return version(state, decodeURIComponent(versionMatch[1]!));
  if (req.method === 'POST' && path === '/v2/version_files/update') return versionFilesUpdate(state, body);
  const icon = /^\/cdn\/data\/([^/]+)\/icon\.png$/.exec(path);
  if (req.method === 'GET' && icon) return { status: 200, bytes: iconPng(icon[1]!), type: 'image/png' };
  const cdn = /^\/cdn\/data\/([^/]+)\/versions\/([^/]+)\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && cdn) return cdnFile(state, cdn[2]!);
  return notFound();
}
