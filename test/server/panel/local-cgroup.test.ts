import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleEvent } from '../../../server/panel/driver.ts';
import { detectCgroups } from '../../../server/panel/local/cgroups/detect.ts';
import { createLocalDriver, type LocalDriver } from '../../../server/panel/local/local-driver.ts';
import { accountName } from '../../../server/panel/local/run-as.ts';
import { parseServersFile } from '../../../server/panel/local/servers-file.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { type TempGameServer, tempGameServer } from '../../helpers/temp-game-server.ts';
import { testInstall } from '../../helpers/test-install.ts';
import { until, waitFor } from '../../helpers/until.ts';

/**
 * Run as root, each local game server runs in a cgroup of its own: the kernel enforces its
 * memory and CPU limits over every process it starts, however far it forks away, and the panel's
 * figures come from the same cgroup (README, Security; docs/decisions.md 68-69).
 */

const MiB = 1024 * 1024;
const isRoot = process.getuid?.() === 0;
const id = 'cgroup-gs';
const credentials = { serverId: id, key: fixtureKey };
let gs: TempGameServer | undefined;
let driver: LocalDriver | undefined;

afterEach(async () => {
  await driver?.close();
  gs?.remove();
  driver = undefined;
  gs = undefined;
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
}

async function running(limits: { memory: number; cpu: number }): Promise<{ events: ConsoleEvent[]; lines: () => string }> {
  gs = tempGameServer({ id, extra: { env: { GAME_STARTUP_MS: '50' }, limits: { ...limits, disk: 0 } } });
  driver = createLocalDriver({
    servers: parseServersFile(gs.serversFile, fs.readFileSync(gs.serversFile, 'utf8')),
    log: { info() {}, warn() {} },
    statsIntervalMs: 100,
    diskIntervalMs: 3_600_000,
  });
  const events: ConsoleEvent[] = [];
  await driver.console(credentials, (event) => events.push(event));
  const lines = () => events.map((e) => JSON.stringify(e)).join('\n');
  await driver.power(credentials, 'start');
  await waitFor(() => events.some((e) => e.type === 'state' && e.state === 'running'), 'running', { timeoutMs: 15_000, context: lines });
  return { events, lines };
}

/** The pid the fixture's `escape` printed: the double-forked holder of memory. */
async function escaped(events: ConsoleEvent[], lines: () => string): Promise<number> {
  await waitFor(() => events.some((e) => e.type === 'line' && /^Escaped \d+/.test(e.text)), 'the escaped process', { timeoutMs: 10_000, context: lines });
  const line = events.find((e) => e.type === 'line' && /^Escaped \d+/.test(e.text)) as { text: string };
  return Number(/^Escaped (\d+)/.exec(line.text)![1]);
}

describe.skipIf(!isRoot)('local game servers in cgroups (root)', () => {
  it('uses the machine’s cgroups (v2, else v1)', () => {
    const detected = detectCgroups();
    expect(detected.reason).toBeUndefined();
    expect(['v1', 'v2']).toContain(detected.system?.version);
  });

  it('counts the memory of a double-forked process in the panel’s figure', async () => {
    const { events, lines } = await running({ memory: 1024, cpu: 0 });
    await driver!.sendCommand(credentials, 'escape 200');
    const pid = await escaped(events, lines);
    expect(alive(pid)).toBe(true);
    // The holder's 200 MiB is in no process tree of the server, yet the figure shows it.
    await until(
      () => driver!.getResources(credentials),
      (r) => r.memory.current >= 200 * MiB,
      'the memory figure to include the escaped 200 MiB',
      {
        timeoutMs: 15_000,
        context: lines,
      },
    );
    const from = events.length;
    await driver!.power(credentials, 'kill');
    await waitFor(() => events.slice(from).some((e) => e.type === 'state' && e.state === 'offline'), 'offline', { timeoutMs: 10_000, context: lines });
    expect(alive(pid)).toBe(false);
  });

  it('stops a server whose double-forked process passes the memory limit, and the console says why', async () => {
    const { events, lines } = await running({ memory: 128, cpu: 0 });
    const from = events.length;
    await driver!.sendCommand(credentials, 'escape 400');
    await waitFor(
      () => events.slice(from).some((e) => e.type === 'line' && e.text.includes('Memory limit reached (128 MiB): the kernel stopped the server.')),
      'the memory line',
      { timeoutMs: 20_000, context: lines },
    );
    await waitFor(() => events.slice(from).some((e) => e.type === 'state' && e.state === 'offline'), 'offline', { timeoutMs: 10_000, context: lines });
    const pid = Number(
      /^Escaped (\d+)/.exec((events.find((e) => e.type === 'line' && /^Escaped \d+/.test(e.text)) as { text: string } | undefined)?.text ?? '')?.[1],
    );
    if (pid) expect(alive(pid)).toBe(false);
    // Offline, its cgroup is gone.
    const where = detectCgroups().system!.where;
    expect(fs.existsSync(path.join(where, accountName(id, testInstall().id)))).toBe(false);
  });

  it('holds the server to its CPU limit', async () => {
    const { events, lines } = await running({ memory: 1024, cpu: 10 });
    await driver!.sendCommand(credentials, 'burn 4000');
    await waitFor(() => events.some((e) => e.type === 'line' && e.text === 'Burning CPU'), 'the burn', { timeoutMs: 10_000, context: lines });
    // Several readings while it burns: none much above its tenth of a core (a 100 ms reading may span
    // the ends of two quota periods: 20 % at most), yet it burns (on a busy machine its share may be below the cap).
    const readings: number[] = [];
    await waitFor(
      async () => {
        readings.push((await driver!.getResources(credentials)).cpu.current);
        return readings.length >= 15;
      },
      'readings',
      { timeoutMs: 10_000, everyMs: 150 },
    );
    expect(Math.max(...readings.slice(3))).toBeLessThan(25);
    expect(readings.some((reading) => reading > 0)).toBe(true);
  });
});

describe.skipIf(!isRoot)('root without usable cgroups', () => {
  it('says so at start and counts every process of the server’s user, a double-forked one included', async () => {
    gs = tempGameServer({ id, extra: { env: { GAME_STARTUP_MS: '50' }, limits: { memory: 1024, cpu: 0, disk: 0 } } });
    const warnings: string[] = [];
    driver = createLocalDriver({
      servers: parseServersFile(gs.serversFile, fs.readFileSync(gs.serversFile, 'utf8')),
      log: { info() {}, warn: (_obj, msg) => warnings.push(msg) },
      statsIntervalMs: 100,
      diskIntervalMs: 3_600_000,
      cgroups: false,
    });
    expect(warnings.some((msg) => /no usable cgroups .* memory is measured over every process of each server user/.test(msg))).toBe(true);
    const events: ConsoleEvent[] = [];
    await driver.console(credentials, (event) => events.push(event));
    const lines = () => events.map((e) => JSON.stringify(e)).join('\n');
    await driver.power(credentials, 'start');
    await waitFor(() => events.some((e) => e.type === 'state' && e.state === 'running'), 'running', { timeoutMs: 15_000, context: lines });
    await driver.sendCommand(credentials, 'escape 200');
    const pid = await escaped(events, lines);
    await until(
      () => driver!.getResources(credentials),
      (r) => r.memory.current >= 200 * MiB,
      'the memory figure to include the escaped 200 MiB',
      {
        timeoutMs: 15_000,
        context: lines,
      },
    );
    const from = events.length;
    await driver.power(credentials, 'kill');
    await waitFor(() => events.slice(from).some((e) => e.type === 'state' && e.state === 'offline'), 'offline', { timeoutMs: 10_000, context: lines });
    expect(alive(pid)).toBe(false);
  });
});
