import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleEvent } from '../../../server/panel/driver.ts';
import { createLocalDriver, type LocalDriver } from '../../../server/panel/local/local-driver.ts';
import { parseServersFile } from '../../../server/panel/local/servers-file.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { type TempGameServer, tempGameServer } from '../../helpers/temp-game-server.ts';
import { failure } from '../../helpers/http-failure.ts';
import { until, waitFor } from '../../helpers/until.ts';

/** The plan's disk (limits.disk) is enforced on the local driver: files and backups together (README, Security). */

const MiB = 1024 * 1024;
const credentials = { serverId: 'disk-mc', key: fixtureKey };
let gs: TempGameServer;
let driver: LocalDriver;

beforeEach(() => {
  gs = tempGameServer({ id: 'disk-mc', extra: { limits: { memory: 1024, disk: 150, cpu: 100 } } });
  driver = createLocalDriver({
    servers: parseServersFile(gs.serversFile, fs.readFileSync(gs.serversFile, 'utf8')),
    log: { info() {}, warn() {} },
    diskIntervalMs: 3_600_000,
  });
});

afterEach(async () => {
  await driver.close();
  gs.remove();
});

function upload(path: string, bytes: number) {
  // Random-looking bytes would not change what the disk counts; zeros are cheap to make.
  return { path, size: bytes, stream: Readable.from([Buffer.alloc(bytes, 1)]) };
}

describe('disk limit (150 MB server)', () => {
  it('takes two 60 MiB uploads, refuses the third with 413 and a field message, and shows the disk used while offline', async () => {
    await driver.uploadFile(credentials, upload('world/one.bin', 60 * MiB));
    await driver.uploadFile(credentials, upload('world/two.bin', 60 * MiB));
    const third = upload('world/three.bin', 60 * MiB);
    const error = await failure(driver.uploadFile(credentials, third));
    expect([error.statusCode, error.code]).toEqual([413, 'over_disk_limit']);
    expect(error.message).toMatch(/over its 150 MB disk/);
    expect(error.fields).toEqual({ path: 'this would take the server over its 150 MB disk' });
    expect(fs.existsSync(`${gs.root}/world/three.bin`)).toBe(false);
    expect(third.stream.read()).not.toBe(null); // refused before a byte was read

    // Offline, the reading is the folder's real size.
    expect(driver.server('disk-mc')!.powerState).toBe('offline');
    await until(
      () => driver.getResources(credentials),
      (r) => r.disk.current >= 120 * MiB,
      'the disk reading to reach 120 MiB',
      { timeoutMs: 10_000, everyMs: 20 },
    );

    // A small edit still fits; a backup of the 120 MiB folder would not.
    await driver.writeFile(credentials, 'server.properties', 'motd=Still fits\n');
    const backup = await failure(driver.createBackup(credentials, 'too big'));
    expect([backup.statusCode, backup.code]).toEqual([413, 'over_disk_limit']);
    expect((await driver.listBackups(credentials)).backups).toEqual([]);

    // Deleting makes room again.
    await driver.deleteFile(credentials, 'world/two.bin');
    await driver.uploadFile(credentials, upload('world/three.bin', 60 * MiB));
  });

  it('refuses even the first upload when it alone is over the disk (a 60 MiB file on a 50 MB server)', async () => {
    await driver.close();
    gs.remove();
    gs = tempGameServer({ id: 'disk-mc', extra: { limits: { memory: 1024, disk: 50, cpu: 100 } } });
    driver = createLocalDriver({ servers: parseServersFile(gs.serversFile, fs.readFileSync(gs.serversFile, 'utf8')), log: { info() {}, warn() {} } });
    for (const name of ['a.bin', 'b.bin', 'c.bin']) {
      const error = await failure(driver.uploadFile(credentials, upload(name, 60 * MiB)));
      expect([error.statusCode, error.code]).toEqual([413, 'over_disk_limit']);
    }
    expect(fs.readdirSync(gs.root)).toEqual([]);
  });
});

describe('a running server that grows past its disk by itself', () => {
  it('is told in its console and stopped after the grace period', async () => {
    await driver.close();
    gs.remove();
    gs = tempGameServer({ id: 'disk-mc', extra: { limits: { memory: 1024, disk: 2, cpu: 100 } } });
    // The grace period and the disk reading's interval, short: the test moves the driver's clock this way.
    driver = createLocalDriver({
      servers: parseServersFile(gs.serversFile, fs.readFileSync(gs.serversFile, 'utf8')),
      log: { info() {}, warn() {} },
      diskIntervalMs: 100,
      diskGraceMs: 500,
    });
    const events: ConsoleEvent[] = [];
    await driver.console(credentials, (event) => events.push(event));
    const seen = (check: (e: ConsoleEvent) => boolean) => events.some(check);
    const untilSeen = (check: (e: ConsoleEvent) => boolean, what: string) =>
      waitFor(() => seen(check), what, { timeoutMs: 10_000, everyMs: 20, context: () => events.map((e) => JSON.stringify(e)).join('\n') });
    await driver.power(credentials, 'start');
    await untilSeen((e) => e.type === 'state' && e.state === 'running', 'running');
    await driver.sendCommand(credentials, 'fill 3');
    await untilSeen((e) => e.type === 'line' && /Disk limit exceeded: .* the limit is 2 MiB/.test(e.text), 'the warning');
    await untilSeen((e) => e.type === 'line' && /Still over the disk limit/.test(e.text), 'the stop');
    await untilSeen((e) => e.type === 'state' && e.state === 'offline', 'offline');
  });
});
