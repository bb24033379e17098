import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsRoot } from '../../../server/panel/local/user-claims.ts';
import { parseServersFile, resolveCommand } from '../../../server/panel/local/servers-file.ts';
import { systemProgram } from '../../../server/lib/system-programs.ts';
import { fixtureServersDir } from '../../helpers/reachable-fixture.ts';
import { waitFor } from '../../helpers/until.ts';

/**
 * The app run as root from a checkout under a folder anyone can write to (made 1777 like /tmp,
 * a folder of the test's own), where a customer planted programs and a package in the
 * `node_modules` above the checkout (issue 30, section 1; docs/decisions.md 62). `npm start` puts
 * `node_modules/.bin` of every folder above the checkout on PATH: the app is started with that
 * PATH, as npm gives it. Neither the start of a new server (its user made with useradd, its
 * folder handed over with chown) nor the server itself (command `bash`) may run what was planted,
 * and the app may not load the planted package.
 */
const isRoot = process.getuid?.() === 0;
const repo = path.resolve(import.meta.dirname, '../../..');
const plantedPrograms = ['useradd', 'chown', 'cp', 'bash', 'sh', 'env', 'id', 'tar', 'getent', 'usermod', 'userdel'];
let open: string;
let checkout: string;
let markers: string;
let games: string;
let conf: string;
let app: ChildProcess | undefined;
let output = '';

/** PATH as `npm start` gives it to a checkout: each folder's node_modules/.bin from the checkout up to /, then npm's own and the system's. */
function npmPath(): string {
  const bins: string[] = [];
  for (let folder = checkout; ; folder = path.dirname(folder)) {
    bins.push(path.join(folder, 'node_modules', '.bin'));
    if (path.dirname(folder) === folder) break;
  }
  return [...bins, path.dirname(process.execPath), '/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'].join(':');
}

function plant(): void {
  const bin = path.join(open, 'node_modules', '.bin');
  fs.mkdirSync(bin, { recursive: true });
  for (const name of plantedPrograms) {
    // Records that it ran, and as whom, then does what the real one does, so the app carries on.
    const real = systemProgram(name);
    fs.writeFileSync(path.join(bin, name), `#!/bin/sh\necho "$(/usr/bin/id -u) $*" >> ${markers}/${name}\nexec ${real} "$@"\n`, { mode: 0o755 });
  }
  // ws tries this package and uses it when found.
  const pkg = path.join(open, 'node_modules', 'bufferutil');
  fs.mkdirSync(pkg);
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'bufferutil', main: 'index.js' }));
  fs.writeFileSync(
    path.join(pkg, 'index.js'),
    `require('fs').appendFileSync(${JSON.stringify(path.join(markers, 'bufferutil'))}, process.getuid() + ' loaded\\n');
module.exports = {
  mask(source, mask, output, offset, length) { for (let i = 0; i < length; i++) output[offset + i] = source[i] ^ mask[i & 3]; },
  unmask(buffer, mask) { for (let i = 0; i < buffer.length; i++) buffer[i] ^= mask[i & 3]; },
};\n`,
  );
  // A customer's, as when their program wrote it.
  execFileSync(systemProgram('chown'), ['-R', '65534:65534', path.join(open, 'node_modules')]);
}

function startApp(): ChildProcess {
  output = '';
  const child = spawn(process.execPath, [path.join(checkout, 'server/server.ts')], {
    cwd: checkout,
    env: {
      PATH: npmPath(),
      HOME: '/root',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      MONITORS_FILE: path.join(repo, 'test/fixtures/no-monitors.json'),
      LOCAL_SERVERS_FILE: path.join(conf, 'servers.json'),
      GAME_SERVERS_DIR: games,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return child;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** What the planted programs and package recorded: nothing, when none ran. */
function ranPlanted(): Record<string, string> {
  return Object.fromEntries(fs.readdirSync(markers).map((name) => [name, fs.readFileSync(path.join(markers, name), 'utf8')]));
}

beforeAll(async () => {
  if (!isRoot) return;
  open = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-open-'));
  fs.chmodSync(open, 0o1777);
  checkout = path.join(open, 'hostfront');
  fs.mkdirSync(checkout, { mode: 0o755 });
  for (const folder of ['server', 'contracts']) fs.cpSync(path.join(repo, folder), path.join(checkout, folder), { recursive: true });
  fs.copyFileSync(path.join(repo, 'package.json'), path.join(checkout, 'package.json'));
  // Its own packages, as npm install leaves them (hard links: no copy of the bytes; a copy across disks).
  try {
    execFileSync(systemProgram('cp'), ['-al', path.join(repo, 'node_modules'), checkout]);
  } catch {
    fs.rmSync(path.join(checkout, 'node_modules'), { recursive: true, force: true });
    execFileSync(systemProgram('cp'), ['-a', path.join(repo, 'node_modules'), checkout]);
  }
  markers = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-markers-'));
  fs.chmodSync(markers, 0o777);
  plant();
  games = fixtureServersDir();
  // A server's folder the operator made (root's, with a file): its first start hands it over with chown.
  const folder = path.join(games, 'planted-path');
  fs.mkdirSync(folder, { mode: 0o755 });
  fs.writeFileSync(path.join(folder, 'world.dat'), 'world\n');
  conf = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-planted-conf-'));
  const keyHash = (JSON.parse(fs.readFileSync(path.join(repo, 'test/fixtures/panel-servers.json'), 'utf8')) as { servers: { keyHash: string }[] }).servers[0]!
    .keyHash;
  const server = {
    id: 'planted-path',
    name: 'Planted PATH',
    command: 'bash',
    args: ['-c', ': > started; echo ready; while read -r line; do [ "$line" = stop ] && exit 0; done'],
    cwd: 'planted-path',
    limits: { memory: 0, disk: 0, cpu: 0 },
    readyPattern: '^ready$',
    stopTimeoutSeconds: 5,
    autostart: true,
    keyHash,
  };
  fs.writeFileSync(path.join(conf, 'servers.json'), JSON.stringify({ servers: [server] }));
}, 120_000);

afterAll(async () => {
  if (!isRoot) return;
  if (app && app.exitCode === null) {
    app.kill('SIGKILL');
    await exited(app);
  }
  try {
    const user = `hostfront-${fs.readFileSync(path.join(checkout, 'data', 'install-id'), 'utf8').trim()}-planted-path`;
    fs.rmSync(path.join(claimsRoot, user), { force: true });
    execFileSync(systemProgram('userdel'), [user], { stdio: 'ignore' });
  } catch {
    // no install, or no user made
  }
  for (const dir of [open, markers, conf, path.join(games, 'planted-path')]) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}, 120_000);

describe.skipIf(!isRoot)('the app run as root from a checkout under a folder anyone can write to', () => {
  it('starts a new server (useradd, chown, its command bash) without running any planted program or loading the planted package', async () => {
    app = startApp();
    const started = path.join(games, 'planted-path', 'started');
    await waitFor(() => fs.existsSync(started) || app!.exitCode !== null, 'the game server to start', { timeoutMs: 60_000, context: () => output });
    expect(fs.existsSync(started), output).toBe(true);
    // The user was made and the folder handed over, by the system's useradd and chown.
    const owner = fs.statSync(path.join(games, 'planted-path', 'world.dat')).uid;
    expect(owner).not.toBe(0);
    expect(fs.statSync(started).uid).toBe(owner);
    app.kill('SIGTERM');
    expect(await exited(app)).toBe(0);
    expect(ranPlanted()).toEqual({});
  }, 90_000);

  it('refuses to start when a folder above the checkout lets anyone replace what it holds, and says why', async () => {
    fs.chmodSync(open, 0o777);
    try {
      app = startApp();
      const child = app;
      await waitFor(() => child.exitCode !== null, 'the app to refuse and exit', { timeoutMs: 20_000, context: () => output });
      expect(child.exitCode).toBe(1);
      expect(output).toContain(`refusing to run as root from ${checkout}`);
      expect(output).toContain(`${open} lets every user rename or replace what it holds`);
    } finally {
      fs.chmodSync(open, 0o1777);
    }
    expect(ranPlanted()).toEqual({});
  }, 60_000);
});

describe('a local server’s command', () => {
  it('is made absolute when the servers file is read, from the system’s folders only', () => {
    expect(resolveCommand('bash', '/srv/game')).toMatch(/^\/(usr\/)?bin\/bash$/);
    expect(resolveCommand('node', '/srv/game')).toBe('node');
    expect(resolveCommand('./start.sh', '/srv/game')).toBe('/srv/game/start.sh');
    expect(resolveCommand('/opt/game/run', '/srv/game')).toBe('/opt/game/run');
    const saved = process.env.PATH;
    process.env.PATH = `${path.join(repo, 'node_modules', '.bin')}:${saved}`;
    try {
      // On this PATH, but not a system program: never found.
      expect(resolveCommand('vitest', '/srv/game')).toBeUndefined();
    } finally {
      process.env.PATH = saved;
    }
  });

  it('that cannot be found is a clear error naming the server', () => {
    const text = JSON.stringify({
      servers: [
        {
          id: 'missing',
          name: 'Missing',
          command: 'no-such-game-server',
          limits: { memory: 0, disk: 0, cpu: 0 },
          readyPattern: 'ready',
          keyHash: (JSON.parse(fs.readFileSync(path.join(repo, 'test/fixtures/panel-servers.json'), 'utf8')) as { servers: { keyHash: string }[] }).servers[0]!
            .keyHash,
        },
      ],
    });
    expect(() => parseServersFile('/srv/servers.json', text)).toThrow(
      'servers.0.command: server missing\'s "no-such-game-server" is not a program in /usr/bin or /bin, where a command without a slash is looked up (never on the app\'s PATH): give its absolute path',
    );
  });
});
