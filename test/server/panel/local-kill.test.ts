import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleEvent, PowerSignal } from '../../../server/panel/driver.ts';
import { createLocalDriver, type LocalDriver } from '../../../server/panel/local/local-driver.ts';
import { parseServersFile } from '../../../server/panel/local/servers-file.ts';
import { isRoot, machineHas } from '../../helpers/machine-needs.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { type TempGameServer, tempGameServer } from '../../helpers/temp-game-server.ts';
import { waitFor } from '../../helpers/until.ts';

/** Kill and Stop end every process of a server, one that left its process group with setsid too (README, Security). */

const credentials = { serverId: 'killer', key: fixtureKey };
const drivers: LocalDriver[] = [];
const servers: TempGameServer[] = [];

afterEach(async () => {
  await Promise.all(drivers.splice(0).map((driver) => driver.close()));
  for (const server of servers.splice(0)) server.remove();
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie waiting for init is gone as far as anyone can tell.
  return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
}

function until(check: () => boolean, what: string, events: ConsoleEvent[]): Promise<void> {
  return waitFor(check, what, { timeoutMs: 10_000, everyMs: 20, context: () => `console:\n${events.map((e) => JSON.stringify(e)).join('\n')}` });
}

async function daemonAfter(signal: PowerSignal): Promise<number> {
  const gs = tempGameServer({ id: 'killer', extra: { env: { GAME_STARTUP_MS: '100' } } });
  servers.push(gs);
  const driver = createLocalDriver({
    servers: parseServersFile(gs.serversFile, fs.readFileSync(gs.serversFile, 'utf8')),
    log: { info() {}, warn() {} },
    diskIntervalMs: 3_600_000,
  });
  drivers.push(driver);
  const events: ConsoleEvent[] = [];
  await driver.console(credentials, (event) => events.push(event));
  const reached = (state: string) => events.some((e) => e.type === 'state' && e.state === state);
  await driver.power(credentials, 'start');
  await until(() => reached('running'), 'running', events);
  await driver.sendCommand(credentials, 'daemon');
  await until(() => events.some((e) => e.type === 'line' && /^Daemon \d+/.test(e.text)), 'the daemon', events);
  const line = events.find((e) => e.type === 'line' && /^Daemon \d+/.test(e.text)) as { text: string };
  const pid = Number(/^Daemon (\d+)/.exec(line.text)![1]);
  expect(alive(pid)).toBe(true);
  const from = events.length;
  await driver.power(credentials, signal);
  await until(() => events.slice(from).some((e) => e.type === 'state' && e.state === 'offline'), 'offline', events);
  return pid;
}

describe('Kill and Stop', () => {
  it('Kill ends a process that left the process group with setsid', async () => {
    const pid = await daemonAfter('kill');
    expect(alive(pid)).toBe(false);
  });

  it.skipIf(!machineHas('root', isRoot))("Stop ends it too, once the server has stopped (as root: every process of the server's user)", async () => {
    const pid = await daemonAfter('stop');
    expect(alive(pid)).toBe(false);
  });
});
