import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { ConsoleEvent, PowerSignal } from '../../../server/panel/driver.ts';
import { createLocalDriver, type LocalDriver } from '../../../server/panel/local/local-driver.ts';
import { parseServersFile } from '../../../server/panel/local/servers-file.ts';
import { opDeadlineMs, workerDeadlines } from '../../../server/panel/local/worker-deadlines.ts';
import { createTestDatabase } from '../../helpers/databases.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { type TempGameServer, tempGameServer } from '../../helpers/temp-game-server.ts';
import { testConfig } from '../../helpers/test-config.ts';
import { until, waitFor } from '../../helpers/until.ts';

/**
 * The folder worker runs as the customer's user, so the customer can stop it (SIGSTOP): a
 * stopped worker fails what waits on it within the deadline and is replaced, and Kill and Stop
 * end the server's workers (docs/decisions.md 65, 66). Root only: without it there is no worker.
 */

const isRoot = process.getuid?.() === 0;
const credentials = { serverId: 'stalled', key: fixtureKey };
const drivers: LocalDriver[] = [];
const servers: TempGameServer[] = [];
/** Processes this file stopped: continued at the end, whatever happened, so nothing is left stopped. */
const stopped = new Set<number>();

const defaults = { ...workerDeadlines, list: opDeadlineMs.list };

afterEach(async () => {
  Object.assign(workerDeadlines, { silentMs: defaults.silentMs, streamIdleMs: defaults.streamIdleMs, checkMs: defaults.checkMs });
  opDeadlineMs.list = defaults.list;
  for (const pid of stopped) signal(pid, 'SIGCONT');
  stopped.clear();
  await Promise.all(drivers.splice(0).map((driver) => driver.close()));
  for (const server of servers.splice(0)) server.remove();
});

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone
  }
}

function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** The folder workers running as `uid`, found in /proc as the customer would find them. */
function workersOf(uid: number): number[] {
  const pids: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = fs.readFileSync(`/proc/${name}/status`, 'utf8');
      const cmdline = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]) === uid && cmdline.includes('folder-worker.ts') && alive(Number(name))) pids.push(Number(name));
    } catch {
      // gone while we looked
    }
  }
  return pids;
}

function stop(pid: number): void {
  stopped.add(pid);
  process.kill(pid, 'SIGSTOP');
}

/** The driver's one server, with a 4 MiB file to download (a download left unread keeps its worker). */
async function setUp(): Promise<{ driver: LocalDriver; uid: number; events: ConsoleEvent[] }> {
  const gs = tempGameServer({ id: 'stalled', files: { 'world.bin': Buffer.alloc(4 * 1024 * 1024, 7), 'server.properties': 'motd=hi\n' } });
  servers.push(gs);
  const driver = createLocalDriver({
    servers: parseServersFile(gs.serversFile, fs.readFileSync(gs.serversFile, 'utf8')),
    log: { info() {}, warn() {} },
    diskIntervalMs: 3_600_000,
  });
  drivers.push(driver);
  const events: ConsoleEvent[] = [];
  await driver.console(credentials, (event) => events.push(event));
  // The first action prepares the folder and gives it to the server's user.
  expect((await driver.listFiles(credentials, '')).map((f) => f.name)).toContain('server.properties');
  return { driver, uid: fs.statSync(gs.root).uid, events };
}

/** How a promise settled, and after how long. */
async function settled<T>(
  promise: Promise<T>,
): Promise<{ ok: boolean; value?: T; error?: { statusCode?: number; code?: string; message: string }; ms: number }> {
  const started = performance.now();
  // The bound of the wait only: today's code never answered at all.
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no answer within 20 s')), 20_000);
  });
  try {
    const value = await Promise.race([promise, bound]);
    return { ok: true, value, ms: performance.now() - started };
  } catch (error) {
    return { ok: false, error: error as { statusCode?: number; code?: string; message: string }, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** Starts a download and leaves it unread: its worker waits on the full pipe. */
async function openDownload(
  driver: LocalDriver,
  uid: number,
  besides: number[],
): Promise<{ stream: Readable; pid: number; ended: Promise<Error | undefined> }> {
  const { stream } = await driver.downloadFile(credentials, 'world.bin');
  const ended = new Promise<Error | undefined>((resolve) => {
    stream.once('error', resolve);
    stream.once('end', () => resolve(undefined));
  });
  const pids = await until(
    async () => workersOf(uid).filter((pid) => !besides.includes(pid)),
    (found) => found.length === 1,
    'the download’s worker',
  );
  return { stream, pid: pids[0]!, ended };
}

describe.skipIf(!isRoot)('a folder worker the customer stopped', () => {
  it('fails the action within the deadline with a 504, ends the worker, and the next action gets a new one', async () => {
    const { driver, uid } = await setUp();
    const [worker] = workersOf(uid);
    expect(worker).toBeDefined();
    stop(worker!);

    const listed = await settled(driver.listFiles(credentials, ''));
    expect(listed.ok).toBe(false);
    expect(listed.error).toMatchObject({ statusCode: 504, code: 'files_timeout' });
    expect(listed.error!.message).toMatch(/stopped answering/);
    // Within the silence allowed, plus the look every 250 ms and a busy machine's slack.
    expect(listed.ms).toBeLessThan(workerDeadlines.silentMs + 3_000);
    await waitFor(() => !alive(worker!), 'the stopped worker to be killed');

    const again = await settled(driver.listFiles(credentials, ''));
    expect(again.ok).toBe(true);
    expect(again.value!.map((f) => f.name)).toContain('world.bin');
    const fresh = workersOf(uid);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).not.toBe(worker);
  });

  it('ends a stopped download’s worker and the download with the reason', async () => {
    const { driver, uid } = await setUp();
    const download = await openDownload(driver, uid, workersOf(uid));
    stop(download.pid);
    const started = performance.now();
    const error = await settled(download.ended.then((e) => (e ? Promise.reject(e) : undefined)));
    expect(error.error).toMatchObject({ statusCode: 504, code: 'files_timeout' });
    expect(performance.now() - started).toBeLessThan(workerDeadlines.silentMs + 3_000);
    await waitFor(() => !alive(download.pid), 'the stopped worker to be killed');
    // Whatever the customer stopped, the files still answer.
    expect((await driver.readFile(credentials, 'server.properties')).content).toBe('motd=hi\n');
  });
});

describe.skipIf(!isRoot)('a folder worker that beats but does not finish', () => {
  it('fails an action past its own deadline, and a download whose data stops moving', async () => {
    const { driver, uid } = await setUp();
    // Deadlines made short for the test: a listing of 2,000 files takes longer than 10 ms.
    const dir = path.join(servers[0]!.root, 'many');
    await driver.createFolder(credentials, 'many');
    for (let i = 0; i < 2000; i++) fs.writeFileSync(path.join(dir, `f${i}.txt`), 'x');
    Object.assign(workerDeadlines, { checkMs: 5 });
    opDeadlineMs.list = 10;
    const [before] = workersOf(uid);
    const listed = await settled(driver.listFiles(credentials, 'many'));
    expect(listed.error).toMatchObject({ statusCode: 504, code: 'files_timeout' });
    expect(listed.error!.message).toMatch(/^Listing the folder took longer than/);
    await waitFor(() => !alive(before!), 'the worker past its deadline to be killed');
    opDeadlineMs.list = defaults.list;
    expect(await driver.listFiles(credentials, 'many')).toHaveLength(2000);

    // A download nobody reads: the worker waits on a full pipe, alive, and moves nothing.
    Object.assign(workerDeadlines, { checkMs: defaults.checkMs, streamIdleMs: 1_500 });
    const download = await openDownload(driver, uid, workersOf(uid));
    expect(await download.ended).toMatchObject({ statusCode: 504, code: 'files_timeout', message: expect.stringMatching(/^The download moved no data/) });
    await waitFor(() => !alive(download.pid), 'the idle download’s worker to be killed');
  });
});

async function workersAfter(signal: PowerSignal): Promise<void> {
  const { driver, uid, events } = await setUp();
  const reached = (state: string, from = 0) => events.slice(from).some((e) => e.type === 'state' && e.state === state);
  await driver.power(credentials, 'start');
  await waitFor(() => reached('running'), 'running', { timeoutMs: 10_000 });
  const [staying] = workersOf(uid);
  expect(staying).toBeDefined();
  const download = await openDownload(driver, uid, [staying!]);
  // A stopped worker too: Kill and Stop end it all the same.
  stop(staying!);
  const from = events.length;
  await driver.power(credentials, signal);
  await waitFor(() => reached('offline', from), 'offline', { timeoutMs: 15_000 });
  await waitFor(() => !alive(staying!) && !alive(download.pid), `the workers to end with the ${signal}`, { timeoutMs: 2_000 });
  expect(await download.ended).toMatchObject({ statusCode: 503, code: 'files_interrupted' });
  // The files answer again, from a new worker.
  expect((await driver.listFiles(credentials, '')).map((f) => f.name)).toContain('world.bin');
}

describe.skipIf(!isRoot)('Kill and Stop', () => {
  it('Kill ends the server’s file workers', async () => {
    await workersAfter('kill');
  });

  it('Stop ends them once the server has stopped', async () => {
    await workersAfter('stop');
  });
});

describe.skipIf(!isRoot)('the panel’s answer when a worker is stopped', () => {
  it('is a 504 with a sentence, and the next request is answered', async () => {
    const database = await createTestDatabase('sqlite', { migrated: true });
    const gs = tempGameServer({ id: 'stalled', files: { 'server.properties': 'motd=hi\n' } });
    servers.push(gs);
    const app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: gs.serversFile }));
    try {
      await app.ready();
      const connected = await app.inject({
        method: 'POST',
        url: '/api/panel/session',
        payload: credentials,
        remoteAddress: '192.0.2.90',
      });
      const cookie = `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`;
      const list = () => app.inject({ url: '/api/panel/files?path=', headers: { cookie } });
      expect((await list()).statusCode).toBe(200);
      const [worker] = workersOf(fs.statSync(gs.root).uid);
      stop(worker!);
      const refused = await list();
      expect(refused.statusCode).toBe(504);
      expect(refused.json()).toEqual({
        error: {
          code: 'files_timeout',
          message: "The server's file worker stopped answering (nothing for 5 s), so it was ended and a new one starts with the next action. Try again.",
        },
      });
      expect((await list()).json().entries.map((f: { name: string }) => f.name)).toContain('server.properties');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
