import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleEvent, PowerState } from '../../../server/panel/driver.ts';
import { hashKey } from '../../../server/panel/local/key-hash.ts';
import { createLocalDriver, type LocalDriver } from '../../../server/panel/local/local-driver.ts';
import { parseServersFile, ServersFileError, type LocalServerConfig } from '../../../server/panel/local/servers-file.ts';
import { HttpError } from '../../../server/lib/http-error.ts';
import { ConsoleHub } from '../../../server/panel/console-hub.ts';
import { reachableFixture } from '../../helpers/reachable-fixture.ts';
import { until, waitFor } from '../../helpers/until.ts';

const gameScript = reachableFixture('game-server.mjs');
const key = 'correct-horse-battery-staple';
const quietLog = { info() {}, warn() {} };

let keyHash: string;
let workDir: string;
const drivers: LocalDriver[] = [];

beforeAll(async () => {
  keyHash = await hashKey(key);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-local-'));
  // Run as root, each server runs as its own user, who must be able to reach its folder in here.
  fs.chmodSync(workDir, 0o711);
});

afterEach(async () => {
  await Promise.all(drivers.splice(0).map((driver) => driver.close()));
});

afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

function server(overrides: Partial<LocalServerConfig> = {}): LocalServerConfig {
  return {
    id: 'game1',
    name: 'Test Game',
    description: 'A game for tests',
    command: 'node',
    args: [gameScript],
    cwd: path.join(workDir, overrides.id ?? 'game1'),
    env: {},
    limits: { memory: 1024, disk: 2048, cpu: 200 },
    readyPattern: /Done \(\d+\.\d+s\)!/,
    stopCommand: 'stop',
    stopTimeoutSeconds: 5,
    autostart: false,
    keyHash,
    ...overrides,
  };
}

function driverWith(config: LocalServerConfig, extra: { statsIntervalMs?: number } = {}): LocalDriver {
  const driver = createLocalDriver({ servers: [config], log: quietLog, statsIntervalMs: extra.statsIntervalMs ?? 200, shutdownTimeoutMs: 5000 });
  drivers.push(driver);
  return driver;
}

/** Collects console events and waits for the ones a test expects. */
async function watch(driver: LocalDriver, id = 'game1') {
  const events: ConsoleEvent[] = [];
  const subscription = await driver.console({ serverId: id, key }, (event) => events.push(event));
  const lines = () => events.filter((e) => e.type === 'line').map((e) => (e as { text: string }).text);
  const seen = (check: () => boolean, what: string) =>
    waitFor(check, what, { timeoutMs: 10_000, everyMs: 20, context: () => `console:\n${lines().join('\n')}` });
  return {
    events,
    lines,
    subscription,
    untilLine: (pattern: RegExp) => seen(() => lines().some((l) => pattern.test(l)), String(pattern)),
    /** Waits for a change to this state after now (the replayed current state does not count). */
    untilState: (state: PowerState) => {
      const from = events.length;
      return seen(() => events.slice(from).some((e) => e.type === 'state' && e.state === state), `state ${state}`);
    },
  };
}

const credentials = { serverId: 'game1', key };

describe('autostart', () => {
  it('starts a server marked autostart when the driver starts, and leaves the others offline', async () => {
    const driver = createLocalDriver({
      servers: [server({ autostart: true }), server({ id: 'game2', autostart: false })],
      log: quietLog,
      statsIntervalMs: 200,
      shutdownTimeoutMs: 5000,
    });
    drivers.push(driver);
    await until(
      () => driver.getServer({ serverId: 'game1', key }),
      (s) => s.state === 'running',
      'the autostart server to come up',
      10_000,
    );
    expect((await driver.getServer({ serverId: 'game2', key })).state).toBe('offline');
  });
});

describe('local driver', () => {
  it('starts a real process, marks it running when the ready line appears, and echoes a command', async () => {
    const driver = driverWith(server());
    const console = await watch(driver);
    expect((await driver.getServer(credentials)).state).toBe('offline');
    await driver.power(credentials, 'start');
    expect((await driver.getServer(credentials)).state).toBe('starting');
    await console.untilState('running');
    expect(console.lines().some((l) => l.includes('Done (0.3s)!'))).toBe(true);
    const states = console.events.filter((e) => e.type === 'state').map((e) => (e as { state: string }).state);
    expect(states).toEqual(['offline', 'starting', 'running']);

    await driver.sendCommand(credentials, 'say hello');
    await console.untilLine(/Unknown command: say hello/);
    console.subscription.close();
  });

  it('stops gracefully with the stop command: exit code 0 is clean', async () => {
    const driver = driverWith(server());
    const console = await watch(driver);
    await driver.power(credentials, 'start');
    await console.untilState('running');
    await driver.power(credentials, 'stop');
    expect((await driver.getServer(credentials)).state).toBe('stopping');
    await console.untilState('offline');
    expect(console.lines()).toContain('Stopping the server');
    expect(console.lines().at(-1)).toMatch(/Server stopped \(exit code 0\)/);
    expect(console.lines().join('\n')).not.toMatch(/crashed|SIGTERM/);
  });

  it('sends SIGTERM when the stop command is ignored; exit by SIGTERM (143) is clean', async () => {
    const driver = driverWith(server({ stopTimeoutSeconds: 0.5, env: { GAME_IGNORE_STOP: '1' } }));
    const console = await watch(driver);
    await driver.power(credentials, 'start');
    await console.untilState('running');
    await driver.power(credentials, 'stop');
    await console.untilLine(/Not stopping/);
    await console.untilState('offline');
    const text = console.lines().join('\n');
    expect(text).toMatch(/sending SIGTERM/);
    expect(text).toMatch(/Server stopped \(exit code 143\)/);
  });

  it('kills with SIGKILL at once', async () => {
    const driver = driverWith(server({ env: { GAME_IGNORE_STOP: '1', GAME_IGNORE_TERM: '1' } }));
    const console = await watch(driver);
    await driver.power(credentials, 'start');
    await console.untilState('running');
    const started = Date.now();
    await driver.power(credentials, 'kill');
    await console.untilState('offline');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(console.lines().at(-1)).toMatch(/Server killed/);
  });

  it('goes offline on a crash and writes the exit code to the console', async () => {
    const driver = driverWith(server());
    const console = await watch(driver);
    await driver.power(credentials, 'start');
    await console.untilState('running');
    await driver.sendCommand(credentials, 'crash 7');
    await console.untilState('offline');
    expect(console.lines()).toContain('Fatal error: the world fell over');
    expect(console.lines().at(-1)).toMatch(/Server crashed: exit code 7/);
    expect((await driver.getResources(credentials)).uptime).toBe(0);
  });

  it('restarts: stop, then start again', async () => {
    const driver = driverWith(server());
    const console = await watch(driver);
    await driver.power(credentials, 'start');
    await console.untilState('running');
    await driver.power(credentials, 'restart');
    await console.untilState('offline');
    const runningCount = () => console.events.filter((e) => e.type === 'state' && e.state === 'running').length;
    await waitFor(() => runningCount() >= 2, 'running again after the restart', 10_000);
    expect(runningCount()).toBe(2);
  });

  it('refuses commands while offline with 502', async () => {
    const driver = driverWith(server());
    await expect(driver.sendCommand(credentials, 'say hi')).rejects.toMatchObject({ statusCode: 502 });
  });

  it('reads CPU and memory of every process of the server (its cgroup as root, its process tree in /proc otherwise), and disk usage of the folder', async () => {
    const cwd = fs.mkdtempSync(path.join(workDir, 'disk-'));
    fs.writeFileSync(path.join(cwd, 'world.dat'), Buffer.alloc(3 * 1024 * 1024, 7));
    const driver = createLocalDriver({ servers: [server({ cwd })], log: quietLog, statsIntervalMs: 200, diskIntervalMs: 200 });
    drivers.push(driver);
    const console = await watch(driver);
    await driver.power(credentials, 'start');
    await console.untilState('running');
    // The first readings of the process tree and of the folder (taken every 200 ms).
    const before = await until(
      () => driver.getResources(credentials),
      (r) => r.uptime > 300 && r.disk.current >= 3 * 1024 * 1024,
      'the first readings',
    );
    // A cgroup counts what the server itself was charged for: not the pages of the node binary, which the app already holds.
    expect(before.memory.current).toBeGreaterThan(5 * 1024 * 1024);
    expect(before.memory.limit).toBe(1024 * 1024 * 1024);
    expect(before.disk.current).toBeGreaterThanOrEqual(3 * 1024 * 1024);
    expect(before.disk.limit).toBe(2048 * 1024 * 1024);
    expect(before.uptime).toBeGreaterThan(300);

    // A child process holding 96 MiB counts toward the server's memory.
    await driver.sendCommand(credentials, 'child 96');
    await console.untilLine(/child ready/);
    // Also the baseline for the busy reading below: the child holding its memory, quiet again after filling it.
    const withChild = await until(
      () => driver.getResources(credentials),
      (r) => r.memory.current - before.memory.current > 80 * 1024 * 1024 && r.cpu.current < 4,
      "the child's memory in a quiet reading",
    );
    expect(withChild.memory.current - before.memory.current).toBeGreaterThan(80 * 1024 * 1024);

    await driver.sendCommand(credentials, 'burn 1500');
    // A spinning process uses up to a whole core; on a loaded test machine it gets less.
    const busy = await until(
      () => driver.getResources(credentials),
      (r) => r.cpu.current > 8 && r.cpu.current > withChild.cpu.current * 2,
      'the busy reading',
      3000,
    );
    expect(busy.cpu.current).toBeGreaterThan(8);
    expect(busy.cpu.current).toBeGreaterThan(withChild.cpu.current * 2);
    expect(busy.cpu.limit).toBe(200);
  });

  it('keeps the last 5,000 lines, replays them to a new viewer (colours kept) and offers them as plain text', async () => {
    const driver = driverWith(server());
    const first = await watch(driver);
    await driver.power(credentials, 'start');
    await first.untilState('running');
    await driver.sendCommand(credentials, 'spam 6000');
    await first.untilLine(/spam line 5999/);
    await driver.sendCommand(credentials, 'color');
    await first.untilLine(/green/);
    const later = await watch(driver);
    const replay = later.lines();
    expect(replay).toHaveLength(5000);
    expect(replay.at(-1)).toBe('\x1b[32mgreen\x1b[0m and \x1b[31mred\x1b[0m');
    expect(replay).not.toContain('spam line 1000');
    expect(replay).toContain('spam line 1001');
    expect(later.events.at(-2)).toEqual({ type: 'state', state: 'running' });

    expect(await driver.consoleLog(credentials)).toEqual(replay);
    const text = await new ConsoleHub(driver).logText(credentials);
    const textLines = text.split('\n');
    expect(textLines).toHaveLength(5001);
    expect(textLines.at(-1)).toBe('');
    expect(textLines.at(-2)).toBe('green and red');
    expect(textLines[0]).toBe('spam line 1001');
    await expect(driver.consoleLog({ serverId: 'game1', key: 'wrong' })).rejects.toMatchObject({ statusCode: 401 });
  });

  it('stops for good when Stop is pressed while a restart is stopping the server', async () => {
    const driver = driverWith(server({ env: { GAME_STARTUP_MS: '100' } }));
    const console = await watch(driver);
    await driver.power(credentials, 'start');
    await console.untilState('running');
    await driver.power(credentials, 'restart');
    await driver.power(credentials, 'stop');
    await console.untilState('offline');
    // Fixed wait: long enough for the restart's start to have come, had it not been dropped.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await driver.getServer(credentials)).state).toBe('offline');
    expect(console.events.filter((e) => e.type === 'state' && e.state === 'starting')).toHaveLength(1);
  });

  it('answers an unknown id and a wrong key with the same 401, after the same work', async () => {
    const driver = driverWith(server());
    const attempt = async (serverId: string, k: string) => {
      const started = performance.now();
      const error = await driver.getServer({ serverId, key: k }).then(
        () => undefined,
        (e: unknown) => e,
      );
      return { error: error as HttpError, ms: performance.now() - started };
    };
    // Five of each, interleaved, so a moment of load on the machine does not decide the comparison.
    const wrongKeys: Awaited<ReturnType<typeof attempt>>[] = [];
    const unknownIds: Awaited<ReturnType<typeof attempt>>[] = [];
    for (let i = 0; i < 5; i++) {
      wrongKeys.push(await attempt('game1', 'not-the-key-at-all'));
      unknownIds.push(await attempt('nope', key));
    }
    for (const result of [...wrongKeys, ...unknownIds]) {
      expect(result.error).toBeInstanceOf(HttpError);
      expect(result.error.statusCode).toBe(401);
      expect(result.error.message).toBe(wrongKeys[0]!.error.message);
      expect(result.error.code).toBe(wrongKeys[0]!.error.code);
    }
    // Both ran one scrypt: their medians within a factor of each other (scrypt takes tens of ms).
    const median = (results: { ms: number }[]) => results.map((r) => r.ms).sort((x, y) => x - y)[2]!;
    const [wrongKey, unknownId] = [median(wrongKeys), median(unknownIds)];
    expect(Math.max(wrongKey, unknownId) / Math.min(wrongKey, unknownId)).toBeLessThan(3);
    expect(await driver.getServer(credentials)).toMatchObject({
      id: 'game1',
      name: 'Test Game',
      state: 'offline',
      limits: { memory: 1024, disk: 2048, cpu: 200 },
    });
  });

  it('stops running servers gracefully when closed', async () => {
    const driver = createLocalDriver({ servers: [server()], log: quietLog });
    const console = await watch(driver);
    await driver.power(credentials, 'start');
    await console.untilState('running');
    await driver.close();
    expect(console.lines()).toContain('Stopping the server');
    expect(console.lines().at(-1)).toMatch(/Server stopped \(exit code 0\)/);
  });
});

describe('servers file', () => {
  it('reports every problem with its place', () => {
    const text = JSON.stringify({ servers: [{ id: 'bad id!', name: '', command: 'x', limits: { memory: 1 }, readyPattern: '(', keyHash: 'plain' }] });
    let message = '';
    try {
      parseServersFile('/srv/servers.json', text);
    } catch (error) {
      expect(error).toBeInstanceOf(ServersFileError);
      message = (error as Error).message;
    }
    expect(message).toContain('LOCAL_SERVERS_FILE /srv/servers.json is invalid');
    expect(message).toContain('servers.0.id');
    expect(message).toContain('servers.0.limits.disk');
    expect(message).toContain('servers.0.readyPattern: must be a valid regular expression');
    expect(message).toContain('servers.0.keyHash: must be a hash printed by `npm run --silent hash-key -- <key>`');
  });

  it('resolves the working directory against the file and fills defaults', () => {
    const [parsed] = parseServersFile(
      '/srv/game/servers.json',
      JSON.stringify({
        servers: [{ id: 'a', name: 'A', command: 'node', cwd: 'worlds/a', limits: { memory: 1, disk: 1, cpu: 0 }, readyPattern: 'Done', keyHash }],
      }),
    );
    expect(parsed).toMatchObject({ cwd: '/srv/game/worlds/a', stopCommand: 'stop', stopTimeoutSeconds: 30, args: [], env: {}, description: '' });
    // Backups beside the server's folder, never inside it; three of them unless the file says.
    expect(parsed).toMatchObject({ backupLimit: 3, backupsDir: '/srv/game/worlds/.hostfront-backups/a' });
    expect(parsed!.minecraftPort).toBeUndefined();
    expect(parsed!.readyPattern.test('Done!')).toBe(true);
  });

  it('takes the game port, the backup limit and a backups folder, and checks them', () => {
    const entry = { id: 'a', name: 'A', command: 'node', limits: { memory: 1, disk: 1, cpu: 0 }, readyPattern: 'Done', keyHash };
    const [parsed] = parseServersFile(
      '/srv/game/servers.json',
      JSON.stringify({ servers: [{ ...entry, minecraftPort: 25570, backupLimit: 0, backupsDir: '../backups/a' }] }),
    );
    expect(parsed).toMatchObject({ minecraftPort: 25570, backupLimit: 0, backupsDir: '/srv/backups/a' });
    const bad = () => parseServersFile('f.json', JSON.stringify({ servers: [{ ...entry, minecraftPort: 70000, backupLimit: -1 }] }));
    expect(bad).toThrow(/servers\.0\.minecraftPort/);
    expect(bad).toThrow(/servers\.0\.backupLimit/);
  });

  it('refuses duplicate ids and broken JSON', () => {
    const entry = { id: 'a', name: 'A', command: 'node', limits: { memory: 1, disk: 1, cpu: 0 }, readyPattern: 'Done', keyHash };
    expect(() => parseServersFile('f.json', JSON.stringify({ servers: [entry, entry] }))).toThrow(/duplicate id "a"/);
    expect(() => parseServersFile('f.json', '{ nope')).toThrow(/not valid JSON/);
  });
});
