import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleEvent } from '../../../server/panel/driver.ts';
import { type Install, loadOrCreateInstall } from '../../../server/panel/local/install.ts';
import { hashKey } from '../../../server/panel/local/key-hash.ts';
import { createLocalDriver, type LocalDriver } from '../../../server/panel/local/local-driver.ts';
import { accountName } from '../../../server/panel/local/run-as.ts';
import type { LocalServerConfig } from '../../../server/panel/local/servers-file.ts';
import { claimsRoot } from '../../../server/panel/local/user-claims.ts';
import { reachableFixture } from '../../helpers/reachable-fixture.ts';
import { waitFor } from '../../helpers/until.ts';

/**
 * Two installs of the app on one machine (production and a staging copy beside it, each with its
 * own data folder), each with a game server of the same id, run as root (issue 30, section 6;
 * docs/decisions.md 63): neither's Stop or Restart ends the other's server, and a user or folder
 * of the other install is refused at start, with the reason.
 */
const isRoot = process.getuid?.() === 0;
const key = 'two-installs-key';
let keyHash: string;
let base: string;
let production: Install;
let staging: Install;
const drivers: LocalDriver[] = [];

beforeAll(async () => {
  if (!isRoot) return;
  keyHash = await hashKey(key);
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-installs-'));
  fs.chmodSync(base, 0o711);
  // Each install's folder, its servers' folders in it: their users pass through.
  for (const name of ['production', 'staging', 'copy']) fs.mkdirSync(path.join(base, name), { mode: 0o711 });
  production = loadOrCreateInstall(path.join(base, 'production', 'data'));
  staging = loadOrCreateInstall(path.join(base, 'staging', 'data'));
});

afterAll(async () => {
  if (!isRoot) return;
  await Promise.all(drivers.map((driver) => driver.close()));
  for (const install of [production, staging]) {
    const user = accountName('twin', install.id);
    fs.rmSync(path.join(claimsRoot, user), { force: true });
    try {
      execFileSync('/usr/sbin/userdel', [user], { stdio: 'ignore' });
    } catch {
      // never made (a test failed before)
    }
  }
  fs.rmSync(base, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

function twin(cwd: string, extra: Partial<LocalServerConfig> = {}): LocalServerConfig {
  return {
    id: 'twin',
    name: 'Twin',
    description: '',
    command: 'node',
    args: [reachableFixture('game-server.mjs')],
    cwd,
    env: { GAME_STARTUP_MS: '100' },
    limits: { memory: 0, disk: 0, cpu: 0 },
    readyPattern: /Done \(\d+\.\d+s\)!/,
    stopCommand: 'stop',
    stopTimeoutSeconds: 5,
    autostart: false,
    keyHash,
    ...extra,
  };
}

/** A driver of `install` with the one server, its console followed. */
async function installDriver(install: Install, config: LocalServerConfig) {
  const driver = createLocalDriver({ servers: [config], install, log: { info() {}, warn() {} }, statsIntervalMs: 500, diskIntervalMs: 60_000 });
  drivers.push(driver);
  const events: ConsoleEvent[] = [];
  const credentials = { serverId: config.id, key };
  await driver.console(credentials, (event) => events.push(event));
  const lines = () => events.flatMap((e) => (e.type === 'line' ? [e.text] : []));
  const state = async () => (await driver.getServer(credentials)).state;
  return { driver, credentials, events, lines, state };
}

type Running = Awaited<ReturnType<typeof installDriver>>;

/** The server's own process answers a command: it is alive, not merely shown as running. */
async function answers(server: Running, word: string): Promise<void> {
  await server.driver.sendCommand(server.credentials, word);
  await waitFor(() => server.lines().includes(`Unknown command: ${word}`), `the server to answer ${word}`, {
    timeoutMs: 10_000,
    context: () => server.lines().join('\n'),
  });
}

describe.skipIf(!isRoot)('two installs on one machine', () => {
  it('each run the same server id as a user of their own: one’s Stop and Restart never end the other’s server', async () => {
    expect(production.id).not.toBe(staging.id);
    const prod = await installDriver(production, twin(path.join(base, 'production', 'servers', 'twin')));
    const stage = await installDriver(staging, twin(path.join(base, 'staging', 'servers', 'twin')));
    await prod.driver.power(prod.credentials, 'start');
    await stage.driver.power(stage.credentials, 'start');
    for (const server of [prod, stage])
      await waitFor(async () => (await server.state()) === 'running', 'both servers running', { timeoutMs: 15_000, context: () => server.lines().join('\n') });

    // Staging restarts, then stops: every process of its server's user is ended each time.
    await stage.driver.power(stage.credentials, 'restart');
    await waitFor(() => stage.events.filter((e) => e.type === 'state' && e.state === 'running').length >= 2, 'staging running again', {
      timeoutMs: 20_000,
      context: () => stage.lines().join('\n'),
    });
    await answers(prod, 'after-staging-restart');
    await stage.driver.power(stage.credentials, 'stop');
    await waitFor(async () => (await stage.state()) === 'offline', 'staging stopped', 15_000);
    await answers(prod, 'after-staging-stop');
    expect(await prod.state()).toBe('running');
    // Never offline since it first ran (the console's first event is the state it was in: offline).
    const ran = prod.events.findIndex((e) => e.type === 'state' && e.state === 'running');
    expect(prod.events.slice(ran).filter((e) => e.type === 'state' && e.state === 'offline')).toEqual([]);
    // Because each install's server has a user of its own.
    const owners = [path.join(base, 'production', 'servers', 'twin'), path.join(base, 'staging', 'servers', 'twin')].map((dir) => fs.statSync(dir).uid);
    expect(owners[0]).not.toBe(owners[1]);
  });

  it('refuse, at start and with the reason, a runAs user or a folder the other install uses', async () => {
    const productionUser = accountName('twin', production.id);
    const borrowedUser = await installDriver(staging, twin(path.join(base, 'staging', 'servers', 'borrower'), { id: 'borrower', runAs: productionUser }));
    await borrowedUser.driver.power(borrowedUser.credentials, 'start');
    await waitFor(() => borrowedUser.lines().some((l) => l.includes('Could not start')), 'the refusal', 10_000);
    expect(borrowedUser.lines().find((l) => l.includes('Could not start'))).toContain(
      `Could not start: the system user ${productionUser} is used by the install whose data folder is ${production.dataDir} (install ${production.id})`,
    );
    expect(await borrowedUser.state()).toBe('offline');

    // The production server's folder, named in the staging install's servers file.
    const borrowedFolder = await installDriver(staging, twin(path.join(base, 'production', 'servers', 'twin'), { id: 'folder-borrower' }));
    await borrowedFolder.driver.power(borrowedFolder.credentials, 'start');
    await waitFor(() => borrowedFolder.lines().some((l) => l.includes('Could not start')), 'the refusal', 10_000);
    expect(borrowedFolder.lines().find((l) => l.includes('Could not start'))).toContain(
      `the folder ${path.join(base, 'production', 'servers', 'twin')} belongs to ${productionUser}, a game server's user of the install whose data folder is ${production.dataDir}`,
    );
    expect(fs.statSync(path.join(base, 'production', 'servers', 'twin')).uid).not.toBe(0);
  });

  it('have default servers’ folders of their own, when run from a checkout others cannot pass', () => {
    // A clone closed to others (0700, as under /root): its servers' folders go to GAME_SERVERS_DIR's default.
    const closed = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-closed-install-'));
    try {
      fs.chmodSync(closed, 0o700);
      fs.cpSync(path.resolve('server'), path.join(closed, 'server'), { recursive: true });
      const reachable = path.join(closed, 'server/panel/local/reachable.ts');
      const folders = [production, staging].map((install) =>
        execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `const m = await import(${JSON.stringify(reachable)}); console.log(m.defaultServersDir(${JSON.stringify(install.id)}))`,
          ],
          {
            encoding: 'utf8',
          },
        ).trim(),
      );
      expect(folders).toEqual([`/var/lib/hostfront/${production.id}/servers`, `/var/lib/hostfront/${staging.id}/servers`]);
    } finally {
      fs.rmSync(closed, { recursive: true, force: true });
    }
  });

  it('and within one install, two servers never share a runAs user', () => {
    expect(() =>
      createLocalDriver({
        servers: [
          twin(path.join(base, 'staging', 'servers', 'one'), { id: 'one', runAs: 'nobody' }),
          twin(path.join(base, 'staging', 'servers', 'two'), { id: 'two', runAs: 'nobody' }),
        ],
        install: staging,
        log: { info() {}, warn() {} },
      }),
    ).toThrow('local game servers one and two both run as nobody: each needs its own user, as Stop ends every process of it');
  });

  it('refuse a copied data folder’s install id while the original is in use', async () => {
    const copyData = path.join(base, 'copy', 'data');
    fs.mkdirSync(copyData, { recursive: true, mode: 0o700 });
    fs.copyFileSync(path.join(production.dataDir, 'install-id'), path.join(copyData, 'install-id'));
    const copy = loadOrCreateInstall(copyData);
    expect(copy.id).toBe(production.id);
    const server = await installDriver(copy, twin(path.join(base, 'copy', 'servers', 'twin')));
    await server.driver.power(server.credentials, 'start');
    await waitFor(() => server.lines().some((l) => l.includes('Could not start')), 'the refusal', 10_000);
    expect(server.lines().find((l) => l.includes('Could not start'))).toContain(
      `${copy.dataDir} is a copy of that data folder: delete ${path.join(copy.dataDir, 'install-id')} so this install gets its own id`,
    );
  });
});

describe('a game server’s user name', () => {
  it('holds the install id and the server id, within the 32 characters of a user name', () => {
    expect(accountName('demo', 'ab12cd')).toBe('hostfront-ab12cd-demo');
    expect(accountName('demo', 'ab12cd')).not.toBe(accountName('demo', 'ef34gh'));
    expect(accountName('fifteen-chars-x', 'ab12cd')).toBe('hostfront-ab12cd-fifteen-chars-x');
    const long = accountName('a-very-long-server-id-of-a-customer', 'ab12cd');
    const upper = accountName('Survival_World', 'ab12cd');
    for (const name of [long, upper]) expect(name).toMatch(/^hostfront-ab12cd-[a-z0-9-]{1,15}$/);
    expect(long).not.toBe(accountName('a-very-long-server-id-of-another', 'ab12cd'));
  });
});
