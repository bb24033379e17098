import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateSessionSecret } from '../../../server/config/session-secret.ts';
import { openDatabase } from '../../../server/db/database.ts';
import type { ConsoleEvent } from '../../../server/panel/driver.ts';
import { hashKey } from '../../../server/panel/local/key-hash.ts';
import { createLocalDriver, type LocalDriver } from '../../../server/panel/local/local-driver.ts';
import { accountName } from '../../../server/panel/local/run-as.ts';
import type { LocalServerConfig } from '../../../server/panel/local/servers-file.ts';
import { reachableFixture } from '../../helpers/reachable-fixture.ts';
import { testInstall } from '../../helpers/test-install.ts';
import { waitFor } from '../../helpers/until.ts';
import { machineHas } from '../../helpers/machine-needs.ts';

const key = 'isolation-test-key';
const isRoot = process.getuid?.() === 0;
let base: string;
let dataDir: string;
let dbFile: string;
let keyHash: string;

beforeAll(async () => {
  keyHash = await hashKey(key);
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-iso-'));
  fs.chmodSync(base, 0o711);
  dataDir = path.join(base, 'data');
  loadOrCreateSessionSecret(dataDir);
  dbFile = path.join(dataDir, 'hostfront.db');
  const { db } = openDatabase(`sqlite:${dbFile}`);
  await sql`create table secrets (value text)`.execute(db);
  await sql`insert into secrets values ('stored secret')`.execute(db);
  await db.destroy();
  process.env.HOSTFRONT_SPY_MARKER = 'the web server environment';
});
afterAll(() => {
  delete process.env.HOSTFRONT_SPY_MARKER;
  fs.rmSync(base, { recursive: true, force: true });
});

function spyServer(id: string, extra: Partial<LocalServerConfig> = {}): LocalServerConfig {
  return {
    id,
    name: 'Spy',
    description: '',
    command: 'node',
    args: [reachableFixture('spy-server.mjs')],
    cwd: path.join(base, 'games', id),
    env: {
      SPY_FILES: [path.join(dataDir, 'session-secret'), dbFile, `${dbFile}-wal`].join(','),
      SPY_WRITE_DIRS: [dataDir, base, path.resolve('test/fixtures')].join(','),
    },
    limits: { memory: 0, disk: 0, cpu: 0 },
    readyPattern: /spy ready/,
    stopCommand: 'stop',
    stopTimeoutSeconds: 5,
    autostart: false,
    keyHash,
    ...extra,
  };
}

async function runSpy(config: LocalServerConfig): Promise<string[]> {
  fs.mkdirSync(config.cwd, { recursive: true });
  const driver: LocalDriver = createLocalDriver({ servers: [config], log: { info() {}, warn() {} }, statsIntervalMs: 200 });
  const events: ConsoleEvent[] = [];
  const credentials = { serverId: config.id, key };
  await driver.console(credentials, (event) => events.push(event));
  try {
    await driver.power(credentials, 'start');
    await waitFor(() => events.some((e) => e.type === 'state' && e.state === 'running'), 'the spy to start', {
      timeoutMs: 15_000,
      context: () => events.map((e) => JSON.stringify(e)).join('\n'),
    });
    return events.flatMap((e) => (e.type === 'line' && e.text.startsWith('spy ') ? [e.text] : []));
  } finally {
    await driver.close();
  }
}

describe.skipIf(!machineHas('root', isRoot))('local game servers started by root', () => {
  it('run as their own system user and cannot read the session secret, the database or the web server’s environment', async () => {
    const lines = await runSpy(spyServer('spy'));
    const user = accountName('spy', testInstall().id);
    expect(user).toBe(`hostfront-${testInstall().id}-spy`);
    const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
    expect(uid).toBeGreaterThan(0);
    expect(lines).toContain(
      `spy uid: ${uid} gid: ${Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim())} groups: ${Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim())} user: ${user}`,
    );
    expect(lines).toContain(`spy read ${path.join(dataDir, 'session-secret')}: EACCES`);
    expect(lines).toContain(`spy read ${dbFile}: EACCES`);
    expect(lines).toContain(`spy read ${dbFile}-wal: EACCES`);
    expect(lines).toContain('spy read parent environ: EACCES');
    // Its folder is the one place it writes.
    expect(lines).toContain('spy write own folder: OK');
    expect(fs.existsSync(path.join(base, 'games', 'spy', 'spy-was-here.txt'))).toBe(true);
    for (const dir of [dataDir, base, path.resolve('test/fixtures')]) expect(lines).toContain(`spy write ${dir}: EACCES`);
    // Its folder is its own and closed to others.
    const stat = fs.statSync(path.join(base, 'games', 'spy'));
    expect(stat.uid).toBe(uid);
    expect(stat.mode & 0o777).toBe(0o700);
  });

  it('run as the configured runAs user instead', async () => {
    // A user of this install's own: a runAs user is never shared with another install (docs/decisions.md 63).
    const runAs = `hfrunas-${testInstall().id}`;
    try {
      execFileSync('id', ['-u', runAs], { stdio: 'ignore' });
    } catch {
      execFileSync('/usr/sbin/useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', runAs]);
    }
    const uid = Number(execFileSync('id', ['-u', runAs], { encoding: 'utf8' }).trim());
    const lines = await runSpy(spyServer('spy-runas', { runAs }));
    expect(lines.find((l) => l.startsWith('spy uid:'))).toMatch(new RegExp(`^spy uid: ${uid} `));
    expect(lines).toContain(`spy read ${path.join(dataDir, 'session-secret')}: EACCES`);
  });

  it('refuse a folder another local server uses, and a folder its user cannot reach', async () => {
    expect(() =>
      createLocalDriver({
        servers: [spyServer('one', { cwd: path.join(base, 'shared') }), spyServer('two', { cwd: path.join(base, 'shared') })],
        log: { info() {}, warn() {} },
      }),
    ).toThrow(/share the folder/);
    const hidden = fs.mkdtempSync(path.join(base, 'hidden-'));
    fs.chmodSync(hidden, 0o700);
    const driver = createLocalDriver({ servers: [spyServer('spy-hidden', { cwd: path.join(hidden, 'game') })], log: { info() {}, warn() {} } });
    const lines: string[] = [];
    await driver.console({ serverId: 'spy-hidden', key }, (e) => e.type === 'line' && lines.push(e.text));
    await driver.power({ serverId: 'spy-hidden', key }, 'start');
    expect(lines.at(-1)).toMatch(new RegExp(`Could not start: user hostfront-${testInstall().id}-spy-hidden cannot reach .*does not let others through`));
    expect((await driver.getServer({ serverId: 'spy-hidden', key })).state).toBe('offline');
    await driver.close();
  });
});

describe('local game servers’ memory limit', () => {
  it('is enforced: a server over it is killed, and says why', async () => {
    const config: LocalServerConfig = {
      ...spyServer('memhog'),
      args: [reachableFixture('game-server.mjs')],
      env: { GAME_STARTUP_MS: '50' },
      readyPattern: /Done/,
      limits: { memory: 96, disk: 0, cpu: 0 },
    };
    const driver = createLocalDriver({ servers: [config], log: { info() {}, warn() {} }, statsIntervalMs: 100 });
    const events: ConsoleEvent[] = [];
    const credentials = { serverId: 'memhog', key };
    await driver.console(credentials, (e) => events.push(e));
    try {
      await driver.power(credentials, 'start');
      const until = (check: () => boolean, what: string) => waitFor(check, what, 15_000);
      await until(() => events.some((e) => e.type === 'state' && e.state === 'running'), 'running');
      await driver.sendCommand(credentials, 'alloc 256');
      // Run as root the kernel enforces it (the server's cgroup, local-cgroup.test.ts); otherwise the app samples and kills.
      const why = isRoot
        ? /^\S+ Memory limit reached \(96 MiB\): the kernel stopped the server\.$/
        : /Memory limit exceeded: \d+ MiB in use, the limit is 96 MiB/;
      await until(() => events.some((e) => e.type === 'line' && why.test(e.text)), 'the memory limit');
      await until(() => events.some((e) => e.type === 'state' && e.state === 'offline'), 'offline');
    } finally {
      await driver.close();
    }
  });
});
