import type { ProjectHit, SearchAnswer } from '../../../contracts/modrinth.ts';
import { extensionFor, fileNamePattern, loadersFor, softwareRules, type ContentKind, type ServerSoftware } from '../../../contracts/modrinth-rules.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ModrinthClient } from './modrinth-client.ts';
import {
  modrinthProject,
  modrinthSearch,
  modrinthVersion,
  modrinthVersions,
  primaryFile,
  read,
  type ModrinthProject,
  type ModrinthVersion,
} from './modrinth-shapes.ts';

/** The server a request is for: its software, its game version, and which kind of content. */
export interface Target {
  software: ServerSoftware;
  version: string;
  kind: ContentKind;
}

/** A version that fits, with the file it installs (checked: one name, the kind's extension). */
export interface Fitting {
  project: ModrinthProject;
  version: ModrinthVersion;
  file: { url: string; fileName: string; sha512: string; size: number };
}

export const pageSize = 20;

const q = (value: string) => encodeURIComponent(value);
const jsonList = (values: readonly string[]) => q(JSON.stringify(values));

function noLoaders(target: Target): HttpError {
  return new HttpError(400, 'invalid', `${softwareRules[target.software].label} does not load ${target.kind}s.`, {
    fields: { kind: 'not loaded by this software' },
  });
}

/**
 * Modrinth's catalogue as this tool reads it (docs/modrinth.md): a search narrowed by facets to
 * the loaders and the game version, a project, and its newest version that fits.
 */
export class ModrinthCatalog {
  readonly #client: ModrinthClient;

  constructor(client: ModrinthClient) {
    this.#client = client;
  }

  async search(target: Target, query: string, offset: number): Promise<SearchAnswer> {
    const loaders = loadersFor(target.software, target.kind);
    if (loaders.length === 0) throw noLoaders(target);
    // Facets: the inner lists are OR, the outer AND.
    const facets: string[][] = [loaders.map((loader) => `categories:${loader}`), [`versions:${target.version}`]];
    // A mod search would list modpacks and client-only mods too.
    if (target.kind === 'mod') facets.push(['project_type:mod'], ['server_side:required', 'server_side:optional']);
    const answer = read(
      modrinthSearch,
      await this.#client.json(`/search?query=${q(query)}&facets=${q(JSON.stringify(facets))}&index=relevance&offset=${offset}&limit=${pageSize}`),
    );
    const hits: ProjectHit[] = answer.hits.map((hit) => ({
      projectId: hit.project_id,
      slug: hit.slug,
      title: hit.title,
      description: hit.description,
      author: hit.author,
      iconUrl: hit.icon_url && /^https?:\/\//.test(hit.icon_url) ? hit.icon_url : null,
      downloads: hit.downloads,
      updatedAt: new Date(hit.date_modified).toISOString(),
    }));
    return { hits, total: answer.total_hits, offset: answer.offset, limit: answer.limit };
  }

  async project(projectId: string): Promise<ModrinthProject> {
    const answer = await this.#client.json(`/project/${q(projectId)}`);
    if (answer === undefined) throw new HttpError(404, 'not_found', `Modrinth has no project "${projectId}".`);
    return read(modrinthProject, answer);
  }

  /** The project of a dependency named only by its version. */
  async projectOfVersion(versionId: string): Promise<string | undefined> {
    const answer = await this.#client.json(`/version/${q(versionId)}`);
    return answer === undefined ? undefined : read(modrinthVersion, answer).project_id;
  }

  /**
   * The newest version of a project for the target's loaders and game version (a release when
   * there is one), or `versionId` when given and it fits; 422 when none does.
   */
  async fitting(projectId: string, target: Target, versionId?: string): Promise<Fitting> {
    const project = await this.project(projectId);
    const loaders = loadersFor(target.software, target.kind);
    if (loaders.length === 0) throw noLoaders(target);
    const answer = await this.#client.json(`/project/${q(project.id)}/version?loaders=${jsonList(loaders)}&game_versions=${jsonList([target.version])}`);
    const versions = read(modrinthVersions, answer ?? []).filter(
      (v) => v.project_id === project.id && v.game_versions.includes(target.version) && v.loaders.some((l) => loaders.includes(l)),
    );
    const version = versionId ? versions.find((v) => v.id === versionId) : (versions.find((v) => v.version_type === 'release') ?? versions[0]);
    const where = `${softwareRules[target.software].label} ${target.version}`;
    if (!version) {
      throw new HttpError(
        422,
        'no_fitting_version',
        versionId ? `That version of ${project.title} is not for ${where}.` : `${project.title} has no ${target.kind} version for ${where}.`,
      );
    }
    const file = primaryFile(version);
    const extension = extensionFor(target.kind);
    if (!file || !fileNamePattern.test(file.filename) || !file.filename.toLowerCase().endsWith(extension)) {
      throw new HttpError(422, 'no_fitting_file', `${project.title} ${version.version_number} has no ${extension} file this panel can install.`);
    }
    return { project, version, file: { url: file.url, fileName: file.filename, sha512: file.hashes.sha512, size: file.size } };
  }

  /** Newest fitting versions for installed files, by their SHA-512 (POST /version_files/update). */
  async updates(sha512s: string[], target: Target): Promise<Map<string, ModrinthVersion>> {
    const found = new Map<string, ModrinthVersion>();
    if (sha512s.length === 0) return found;
    const answer = await this.#client.json('/version_files/update', {
      hashes: sha512s,
      algorithm: 'sha512',
      loaders: loadersFor(target.software, target.kind),
      game_versions: [target.version],
    });
    if (typeof answer !== 'object' || answer === null) return found;
    for (const [hash, value] of Object.entries(answer)) {
      const parsed = modrinthVersion.safeParse(value);
      if (parsed.success) found.set(hash, parsed.data);
    }
    return found;
  }
}
