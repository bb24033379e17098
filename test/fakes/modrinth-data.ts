import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

/** The fake Modrinth's projects and versions (test/fakes/modrinth-fake.ts), and the bytes of their files and icons. */

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
