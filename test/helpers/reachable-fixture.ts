import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Test game servers run, as root, as their own users, who may not pass through this checkout (a
 * clone under /root). Their folders and the fixture programs they run live in a folder of the
 * system's temporary folder instead, one per test process, that those users pass through (0711).
 */
let dir: string | undefined;

/** The test process's GAME_SERVERS_DIR, with the fixture programs in it (`../../game-server.mjs` from `servers/<id>`). */
export function fixtureServersDir(): string {
  if (dir) return dir;
  const made = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-game-servers-'));
  fs.chmodSync(made, 0o711);
  for (const name of ['game-server.mjs', 'spy-server.mjs']) {
    fs.copyFileSync(path.resolve('test/fixtures', name), path.join(made, name));
    fs.chmodSync(path.join(made, name), 0o644);
  }
  process.once('exit', () => fs.rmSync(made, { recursive: true, force: true }));
  dir = made;
  return made;
}

/** A fixture program (test/fixtures/<name>) where a game server's user can read it. */
export function reachableFixture(name: 'game-server.mjs' | 'spy-server.mjs'): string {
  return path.join(fixtureServersDir(), name);
}
