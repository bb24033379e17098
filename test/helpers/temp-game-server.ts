import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reachableFixture } from './reachable-fixture.ts';

/** The fixture servers' key hash (test/fixtures/panel-servers.json): the key is fixtureKey. */
const fixtureKeyHash = (JSON.parse(fs.readFileSync(path.resolve('test/fixtures/panel-servers.json'), 'utf8')) as { servers: { keyHash: string }[] }).servers[0]!
  .keyHash;

export interface TempGameServer {
  id: string;
  /** The temporary folder holding everything: the servers file, the server's folder, its backups and `outside/`. */
  dir: string;
  /** The server's own folder. */
  root: string;
  /** A folder beside the server's, which no path given to the panel may reach. */
  outside: string;
  serversFile: string;
  remove(): void;
}

/**
 * A local game server (test/fixtures/game-server.mjs) in a folder of its own under the system's
 * temporary folder, seeded with `files`, so a test may change, back up and restore its files
 * without touching another test's. The key is the fixtures' (fixtureKey).
 */
export function tempGameServer(
  options: { id?: string; files?: Record<string, string | Buffer>; backupLimit?: number; extra?: Record<string, unknown> } = {},
): TempGameServer {
  const id = options.id ?? 'files-mc';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-gs-'));
  const root = path.join(dir, 'servers', id);
  const outside = path.join(dir, 'outside');
  fs.mkdirSync(root, { recursive: true });
  // A server started by root runs as its own user, which must be let through to its folder.
  fs.chmodSync(dir, 0o711);
  fs.chmodSync(path.dirname(root), 0o711);
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'not for customers\n');
  for (const [name, content] of Object.entries(options.files ?? {})) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
  // As the driver leaves a server's folder: closed to others (run as root, handed to the server's user).
  fs.chmodSync(root, 0o700);
  const serversFile = path.join(dir, 'servers.json');
  const server = {
    id,
    name: 'Files Fixture',
    description: 'A fixture server for the file manager and backups.',
    command: 'node',
    args: [reachableFixture('game-server.mjs')],
    cwd: root,
    env: { GAME_STARTUP_MS: '200' },
    limits: { memory: 1024, disk: 2048, cpu: 100 },
    readyPattern: 'Done \\(\\d+\\.\\d+s\\)!',
    stopCommand: 'stop',
    stopTimeoutSeconds: 5,
    backupLimit: options.backupLimit ?? 3,
    keyHash: fixtureKeyHash,
    ...options.extra,
  };
  fs.writeFileSync(serversFile, JSON.stringify({ servers: [server] }, null, 2));
  return {
    id,
    dir,
    root,
    outside,
    serversFile,
    // A server's processes may still be letting go of files as the test ends: retry as Node does.
    remove: () => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }),
  };
}
