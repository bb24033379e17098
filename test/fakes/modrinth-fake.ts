import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/**
 * A fake Modrinth API v2 and CDN on 127.0.0.1, built to the documented shapes (docs/modrinth.md,
 * from docs.modrinth.com's API v2 reference): `GET /v2/search` with `query`, `facets` (a JSON
 * array of OR-lists ANDed together: `categories:`, `versions:`, `project_type:`, `server_side:`),
 * `offset` and `limit`; `GET /v2/project/{id|slug}`; `GET /v2/project/{id|slug}/version`
 * filtered by `loaders` and `game_versions` (JSON arrays), newest first; `GET /v2/version/{id}`;
 * `POST /v2/version_files/update`; files with `hashes.sha512` served from `/cdn/…`; and the
 * `X-Ratelimit-Limit`, `-Remaining` and `-Reset` headers on every answer. Modrinth cannot be
 * reached from the tests; everything else in them is real.
 *
 *   const modrinth = await startFakeModrinth();
 *   // MODRINTH_API_URL = modrinth.apiUrl
 *   modrinth.tamper('EssX0210');       // the CDN serves other bytes than the published hash
 *   await modrinth.close();
 */

export interface FakeProject {
  id: string;
  slug: string;
  title: string;
  description: string;
  author: string;
  projectType: 'mod' | 'plugin' | 'datapack' | 'modpack';
  categories: string[];
  serverSide: 'required' | 'optional' | 'unsupported';
  downloads: number;
  updated: string;
}

export interface FakeVersion {
  id: string;
  projectId: string;
  versionNumber: string;
  loaders: string[];
  gameVersions: string[];
  published: string;
  fileName: string;
  dependencies?: Array<{ project_id: string; dependency_type: 'required' | 'optional' | 'incompatible' | 'embedded' }>;
}

export const fakeProjects: FakeProject[] = [
  p(
    'EssXpl01',
    'essentialsx',
    'EssentialsX',
    'The essential plugin suite for Paper and Spigot.',
    'EssentialsX',
    'plugin',
    ['paper', 'spigot', 'bukkit', 'utility'],
    3_400_000,
  ),
  p(
    'EssXch01',
    'essentialsx-chat',
    'EssentialsX Chat',
    'Chat formatting for EssentialsX.',
    'EssentialsX',
    'plugin',
    ['paper', 'spigot', 'bukkit', 'social'],
    900_000,
  ),
  p(
    'LuckPm01',
    'luckperms',
    'LuckPerms',
    'A permissions plugin for Minecraft servers.',
    'Luck',
    'plugin',
    ['paper', 'spigot', 'bukkit', 'fabric', 'utility'],
    2_100_000,
  ),
  p('OldPlg01', 'old-plugin', 'Old Plugin', 'A plugin made only for 1.20.1.', 'someone', 'plugin', ['paper', 'utility'], 1_000),
  p('FabApi01', 'fabric-api', 'Fabric API', 'Core API for the Fabric toolchain.', 'modmuss50', 'mod', ['fabric', 'library'], 90_000_000),
  p('Lithum01', 'lithium', 'Lithium', 'Server performance mod.', 'jellysquid3', 'mod', ['fabric', 'optimization'], 40_000_000),
  p('NoChat01', 'no-chat-reports', 'No Chat Reports', 'Makes chat unreportable (needs Fabric API).', 'Aizistral', 'mod', ['fabric', 'utility'], 20_000_000),
  p(
    'ClOnly01',
    'client-only',
    'Client Only Mod',
    'A client-side mod a server cannot use.',
    'someone',
    'mod',
    ['fabric', 'decoration'],
    5_000_000,
    'unsupported',
  ),
  p('FrgOnl01', 'forge-only', 'Forge Only Mod', 'A mod for Forge.', 'someone', 'mod', ['forge', 'utility'], 7_000_000),
  p('Terral01', 'terralith', 'Terralith', 'Overworld reimagined, as a datapack.', 'Stardust', 'datapack', ['datapack', 'worldgen'], 8_000_000),
];

export const fakeVersions: FakeVersion[] = [
  v('EssX0210', 'EssXpl01', '2.21.0', ['paper', 'spigot', 'bukkit'], ['1.21.3', '1.21.4'], '2025-01-10T10:00:00Z', 'EssentialsX-2.21.0.jar'),
  v('EssX0206', 'EssXpl01', '2.20.1', ['paper', 'spigot', 'bukkit'], ['1.20.6', '1.21.4'], '2024-06-01T10:00:00Z', 'EssentialsX-2.20.1.jar'),
  v('EsCh0210', 'EssXch01', '2.21.0', ['paper', 'spigot', 'bukkit'], ['1.21.4'], '2025-01-10T11:00:00Z', 'EssentialsXChat-2.21.0.jar', [
    { project_id: 'EssXpl01', dependency_type: 'required' },
    { project_id: 'LuckPm01', dependency_type: 'optional' },
  ]),
  v('LuPm0530', 'LuckPm01', '5.4.150', ['paper', 'spigot', 'bukkit'], ['1.21.4'], '2025-01-02T10:00:00Z', 'LuckPerms-Bukkit-5.4.150.jar'),
  v('LuPmFab1', 'LuckPm01', '5.4.150-fabric', ['fabric'], ['1.21.4'], '2025-01-02T10:00:00Z', 'LuckPerms-Fabric-5.4.150.jar'),
  v('OldP0001', 'OldPlg01', '1.0.0', ['paper'], ['1.20.1'], '2023-07-01T10:00:00Z', 'OldPlugin-1.0.0.jar'),
  v('FApi0001', 'FabApi01', '0.114.0+1.21.4', ['fabric'], ['1.21.4'], '2025-01-05T10:00:00Z', 'fabric-api-0.114.0+1.21.4.jar'),
  v('Lith0001', 'Lithum01', 'mc1.21.4-0.14.7', ['fabric'], ['1.21.4'], '2025-01-06T10:00:00Z', 'lithium-fabric-0.14.7+mc1.21.4.jar'),
  v('NoCh0001', 'NoChat01', 'Fabric-1.21.4-v2.11.0', ['fabric'], ['1.21.4'], '2025-01-07T10:00:00Z', 'NoChatReports-FABRIC-1.21.4-v2.11.0.jar', [
    { project_id: 'FabApi01', dependency_type: 'required' },
  ]),
  v('ClOn0001', 'ClOnly01', '1.0.0', ['fabric'], ['1.21.4'], '2025-01-07T10:00:00Z', 'client-only-1.0.0.jar'),
  v('Frge0001', 'FrgOnl01', '1.0.0', ['forge'], ['1.21.4'], '2025-01-07T10:00:00Z', 'forge-only-1.0.0.jar'),
  v('Terr0001', 'Terral01', '2.5.8', ['datapack'], ['1.21.4'], '2025-01-08T10:00:00Z', 'Terralith_1.21.x_v2.5.8.zip'),
];

function p(
  id: string,
  slug: string,
  title: string,
  description: string,
  author: string,
  projectType: FakeProject['projectType'],
  categories: string[],
  downloads: number,
  serverSide: FakeProject['serverSide'] = 'required',
): FakeProject {
  return { id, slug, title, description, author, projectType, categories, serverSide, downloads, updated: '2025-01-10T12:00:00Z' };
}

function v(
  id: string,
  projectId: string,
  versionNumber: string,
  loaders: string[],
  gameVersions: string[],
  published: string,
  fileName: string,
  dependencies: FakeVersion['dependencies'] = [],
): FakeVersion {
  return { id, projectId, versionNumber, loaders, gameVersions, published, fileName, dependencies };
}

/** A version's file: a tiny zip-like body naming the version. */
export function fileBytes(versionId: string): Buffer {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(`fake modrinth file of version ${versionId}\n`)]);
}

/** A 16×16 PNG of one colour (a project's icon), made with zlib as the PNG format describes. */
export function iconPng(seed: string): Buffer {
  const hash = createHash('sha1').update(seed).digest();
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(16, 0);
  header.writeUInt32BE(16, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: 16 }, () => hash.subarray(0, 3)))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: 16 }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('hex');

export interface FakeModrinth {
  /** MODRINTH_API_URL: http://127.0.0.1:port/v2 */
  apiUrl: string;
  /** Every request: method, path with query, User-Agent. */
  requests: Array<{ method: string; url: string; userAgent: string | undefined }>;
  /** The CDN serves other bytes than the published hash for this version. */
  tamper(versionId: string): void;
  /** Publishes a new version (an update for what is installed). */
  publish(version: FakeVersion): void;
  /** The next `count` answers are 429 with X-Ratelimit-Reset `resetSeconds`. */
  rateLimit(count: number, resetSeconds: number): void;
  /** The next `count` answers are 503. */
  unavailable(count: number): void;
  close(): Promise<void>;
}

export async function startFakeModrinth(options: { port?: number } = {}): Promise<FakeModrinth> {
  const projects = [...fakeProjects];
  const versions = [...fakeVersions];
  const tampered = new Set<string>();
  const requests: FakeModrinth['requests'] = [];
  let limited = { count: 0, reset: 0 };
  let down = 0;
  let base = '';

  const findProject = (idOrSlug: string) => projects.find((project) => project.id === idOrSlug || project.slug === idOrSlug);
  const file = (version: FakeVersion) => {
    const bytes = fileBytes(version.id);
    return {
      hashes: { sha512: sha512(bytes), sha1: createHash('sha1').update(bytes).digest('hex') },
      url: `${base}/cdn/data/${version.projectId}/versions/${version.id}/${encodeURIComponent(version.fileName)}`,
      filename: version.fileName,
      primary: true,
      size: bytes.length,
      file_type: null,
    };
  };
  const versionJson = (version: FakeVersion) => ({
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
    files: [file(version)],
  });
  const newestFirst = (a: FakeVersion, b: FakeVersion) => Date.parse(b.published) - Date.parse(a.published);
  const jsonArray = (value: string | null): string[] | undefined => {
    if (value === null) return undefined;
    const parsed = JSON.parse(value) as unknown;
    if (!Array.isArray(parsed) || parsed.some((item) => typeof item !== 'string')) throw new Error('not an array of strings');
    return parsed as string[];
  };

  function facetMatches(project: FakeProject, facet: string): boolean {
    const [field, value] = [facet.slice(0, facet.indexOf(':')), facet.slice(facet.indexOf(':') + 1)];
    const projectVersions = versions.filter((version) => version.projectId === project.id);
    if (field === 'categories') return project.categories.includes(value);
    if (field === 'versions') return projectVersions.some((version) => version.gameVersions.includes(value));
    if (field === 'project_type') return project.projectType === value;
    if (field === 'server_side') return project.serverSide === value;
    throw new Error(`unknown facet ${field}`);
  }

  function answer(req: http.IncomingMessage, body: string): { status: number; json?: unknown; bytes?: Buffer; type?: string } {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/v2/search') {
      const raw = url.searchParams.get('facets');
      const groups = raw ? (JSON.parse(raw) as string[][]) : [];
      const query = (url.searchParams.get('query') ?? '').toLowerCase();
      const offset = Number(url.searchParams.get('offset') ?? '0');
      const limit = Math.min(Number(url.searchParams.get('limit') ?? '10'), 100);
      const found = projects
        .filter((project) => !query || `${project.title} ${project.description} ${project.slug}`.toLowerCase().includes(query))
        .filter((project) => groups.every((group) => group.some((facet) => facetMatches(project, facet))))
        .sort((a, b) => b.downloads - a.downloads);
      const hits = found.slice(offset, offset + limit).map((project) => ({
        project_id: project.id,
        project_type: project.projectType === 'plugin' || project.projectType === 'datapack' ? 'mod' : project.projectType,
        slug: project.slug,
        author: project.author,
        title: project.title,
        description: project.description,
        categories: project.categories,
        display_categories: project.categories,
        versions: [...new Set(versions.filter((version) => version.projectId === project.id).flatMap((version) => version.gameVersions))],
        downloads: project.downloads,
        follows: 10,
        icon_url: `${base}/cdn/data/${project.id}/icon.png`,
        date_created: '2020-01-01T00:00:00Z',
        date_modified: project.updated,
        latest_version: versions.filter((version) => version.projectId === project.id).sort(newestFirst)[0]?.id ?? null,
        license: 'MIT',
        client_side: 'optional',
        server_side: project.serverSide,
        gallery: [],
        featured_gallery: null,
        color: null,
      }));
      return { status: 200, json: { hits, offset, limit, total_hits: found.length } };
    }
    const projectVersions = /^\/v2\/project\/([^/]+)\/version$/.exec(path);
    if (req.method === 'GET' && projectVersions) {
      const project = findProject(decodeURIComponent(projectVersions[1]!));
      if (!project) return { status: 404, json: { error: 'not_found', description: 'the requested route does not exist' } };
      const loaders = jsonArray(url.searchParams.get('loaders'));
      const gameVersions = jsonArray(url.searchParams.get('game_versions'));
      const list = versions
        .filter((version) => version.projectId === project.id)
        .filter((version) => !loaders || version.loaders.some((loader) => loaders.includes(loader)))
        .filter((version) => !gameVersions || version.gameVersions.some((gameVersion) => gameVersions.includes(gameVersion)))
        .sort(newestFirst);
      return { status: 200, json: list.map(versionJson) };
    }
    const projectMatch = /^\/v2\/project\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && projectMatch) {
      const project = findProject(decodeURIComponent(projectMatch[1]!));
      if (!project) return { status: 404, json: { error: 'not_found', description: 'the requested route does not exist' } };
      return {
        status: 200,
        json: {
          id: project.id,
          slug: project.slug,
          project_type: project.projectType === 'plugin' || project.projectType === 'datapack' ? 'mod' : project.projectType,
          title: project.title,
          description: project.description,
          categories: project.categories,
          client_side: 'optional',
          server_side: project.serverSide,
          downloads: project.downloads,
          icon_url: `${base}/cdn/data/${project.id}/icon.png`,
          updated: project.updated,
          published: '2020-01-01T00:00:00Z',
          versions: versions.filter((version) => version.projectId === project.id).map((version) => version.id),
          loaders: [...new Set(versions.filter((version) => version.projectId === project.id).flatMap((version) => version.loaders))],
          game_versions: [...new Set(versions.filter((version) => version.projectId === project.id).flatMap((version) => version.gameVersions))],
        },
      };
    }
    const versionMatch = /^\/v2\/version\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && versionMatch) {
      const version = versions.find((candidate) => candidate.id === decodeURIComponent(versionMatch[1]!));
      return version
        ? { status: 200, json: versionJson(version) }
        : { status: 404, json: { error: 'not_found', description: 'the requested route does not exist' } };
    }
    if (req.method === 'POST' && path === '/v2/version_files/update') {
      const request = JSON.parse(body) as { hashes: string[]; algorithm: string; loaders?: string[]; game_versions?: string[] };
      const result: Record<string, unknown> = {};
      for (const hash of request.hashes) {
        const owner = versions.find((version) => sha512(fileBytes(version.id)) === hash);
        if (!owner) continue;
        const newest = versions
          .filter((version) => version.projectId === owner.projectId)
          .filter((version) => !request.loaders || version.loaders.some((loader) => request.loaders!.includes(loader)))
          .filter((version) => !request.game_versions || version.gameVersions.some((gameVersion) => request.game_versions!.includes(gameVersion)))
          .sort(newestFirst)[0];
        if (newest) result[hash] = versionJson(newest);
      }
      return { status: 200, json: result };
    }
    const icon = /^\/cdn\/data\/([^/]+)\/icon\.png$/.exec(path);
    if (req.method === 'GET' && icon) return { status: 200, bytes: iconPng(icon[1]!), type: 'image/png' };
    const cdn = /^\/cdn\/data\/([^/]+)\/versions\/([^/]+)\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && cdn) {
      const version = versions.find((candidate) => candidate.id === cdn[2]);
      if (!version) return { status: 404, bytes: Buffer.from('not found') };
      const bytes = fileBytes(version.id);
      return { status: 200, bytes: tampered.has(version.id) ? Buffer.concat([bytes, Buffer.from('tampered')]) : bytes };
    }
    return { status: 404, json: { error: 'not_found', description: 'the requested route does not exist' } };
  }

  let remaining = 300;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', userAgent: req.headers['user-agent'] });
      const headers: Record<string, string> = { 'x-ratelimit-limit': '300', 'x-ratelimit-reset': '60' };
      if (limited.count > 0) {
        limited.count -= 1;
        res.writeHead(429, { ...headers, 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(limited.reset), 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'ratelimited', description: 'You are being rate-limited. Please wait 60000 milliseconds. 0/300 remaining.' }));
        return;
      }
      if (down > 0) {
        down -= 1;
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('Service Unavailable');
        return;
      }
      remaining = Math.max(remaining - 1, 1);
      headers['x-ratelimit-remaining'] = String(remaining);
      let result: ReturnType<typeof answer>;
      try {
        result = answer(req, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        result = { status: 400, json: { error: 'invalid_input', description: (error as Error).message } };
      }
      if (result.bytes) {
        res.writeHead(result.status, { ...headers, 'content-type': result.type ?? 'application/java-archive', 'content-length': String(result.bytes.length) });
        res.end(result.bytes);
        return;
      }
      res.writeHead(result.status, { ...headers, 'content-type': 'application/json' });
      res.end(JSON.stringify(result.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    apiUrl: `${base}/v2`,
    requests,
    tamper: (versionId) => tampered.add(versionId),
    publish: (version) => versions.push(version),
    rateLimit: (count, resetSeconds) => {
      limited = { count, reset: resetSeconds };
    },
    unavailable: (count) => {
      down = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
