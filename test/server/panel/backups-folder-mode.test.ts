import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalDriver, type LocalDriver } from '../../../server/panel/local/local-driver.ts';
import { parseServersFile } from '../../../server/panel/local/servers-file.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { type TempGameServer, tempGameServer } from '../../helpers/temp-game-server.ts';

/**
 * A server's backups folder is its owner's only (issue 30, section 7; docs/decisions.md 64):
 * another server's user must not list its backups' ids, sizes and times.
 */
let gs: TempGameServer | undefined;
let driver: LocalDriver | undefined;

afterEach(async () => {
  await driver?.close();
  gs?.remove();
});

describe('a local server’s backups folder', () => {
  it('is made 0700, and an older 0755 one is closed on the next backup', async () => {
    for (const older of [false, true]) {
      gs = tempGameServer({ id: 'backup-mode', files: { 'server.properties': 'motd=mode\n' } });
      const [server] = parseServersFile(gs.serversFile, fs.readFileSync(gs.serversFile, 'utf8'));
      if (older) fs.mkdirSync(server!.backupsDir!, { recursive: true, mode: 0o755 });
      driver = createLocalDriver({ servers: [server!], log: { info() {}, warn() {} }, diskIntervalMs: 3_600_000 });
      await driver.createBackup({ serverId: 'backup-mode', key: fixtureKey }, older ? 'older' : 'first');
      await driver.backups('backup-mode')!.settled();
      expect(fs.readdirSync(server!.backupsDir!).some((name) => name.endsWith('.tar.gz'))).toBe(true);
      expect((fs.statSync(server!.backupsDir!).mode & 0o777).toString(8)).toBe('700');
      await driver.close();
      driver = undefined;
      gs.remove();
      gs = undefined;
    }
  });
});
