import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleEvent } from '../../../server/panel/driver.ts';
import { createLocalDriver, type LocalDriver } from '../../../server/panel/local/local-driver.ts';
import { accountName } from '../../../server/panel/local/run-as.ts';
import { parseServersFile } from '../../../server/panel/local/servers-file.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { accountOf, linkSwapper } from '../../helpers/link-swapper.ts';
import { type TempGameServer, tempGameServer } from '../../helpers/temp-game-server.ts';
import { testInstall } from '../../helpers/test-install.ts';
import { waitFor } from '../../helpers/until.ts';
import { machineHas } from '../../helpers/machine-needs.ts';

/**
 * A customer's program, running as the server's own user, swaps a folder of the server for a
 * symbolic link to a folder outside, in a loop, while the panel acts on paths through it. Run as
 * root, nothing outside may be read, written, removed or re-owned: every file action runs with
 * the server user's rights (docs/decisions.md 41), so the kernel refuses what the race reaches.
 */

const isRoot = process.getuid?.() === 0;
/** Panel actions per race (the swapper makes thousands of swaps meanwhile). */
const attempts = 300;
/** But never longer than this, on a loaded machine. */
const budgetMs = 20_000;
/** A race test's own limit: its budget, and the setting up and checking around it. */
const testMs = 60_000;

let gs: TempGameServer;
let driver: LocalDriver;
const credentials = { serverId: 'race-mc', key: fixtureKey };
const stops: Array<() => Promise<void>> = [];

beforeEach(async () => {
  gs = tempGameServer({ id: 'race-mc', backupLimit: 2, extra: { env: { GAME_STARTUP_MS: '20' } } });
  const servers = parseServersFile(gs.serversFile, fs.readFileSync(gs.serversFile, 'utf8'));
  driver = createLocalDriver({ servers, log: { info() {}, warn() {} }, diskIntervalMs: 3_600_000, shutdownTimeoutMs: 5000 });
  // The customer's folder `a`; a first start and kill hands the server's folder to its user, as a
  // customer's first start would (whatever the version does to get there).
  await driver.createFolder(credentials, 'a');
  const events: ConsoleEvent[] = [];
  const subscription = await driver.console(credentials, (event) => events.push(event));
  await driver.power(credentials, 'start');
  await seen(() => events.some((e) => e.type === 'state' && e.state === 'running'), events);
  await driver.power(credentials, 'kill');
  await seen(() => events.some((e) => e.type === 'line' && /Server killed/.test(e.text)), events);
  subscription.close();
});

function seen(check: () => boolean, events: ConsoleEvent[]): Promise<void> {
  return waitFor(check, 'the console', { timeoutMs: 10_000, everyMs: 5, context: () => events.map((e) => JSON.stringify(e)).join('\n') });
}

afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  await driver.close();
  gs.remove();
});

function swapper(keep: Record<string, string>) {
  const account = accountOf(accountName('race-mc', testInstall().id));
  const swap = linkSwapper({ folder: gs.root, name: 'a', target: gs.outside, keep, ...account });
  stops.push(swap.stop);
  return swap;
}

/** And keep trying for at least this long: quick actions get more chances to hit the window. */
const minimumMs = 4_000;

/** Runs `attempt` at least `attempts` times and `minimumMs` (within the time budget), ignoring the refusals the race causes; the number run. */
async function race(attempt: (i: number) => Promise<unknown>, atLeastMs = minimumMs): Promise<number> {
  const started = Date.now();
  const deadline = started + budgetMs;
  let done = 0;
  while ((done < attempts || Date.now() - started < atLeastMs) && Date.now() < deadline) {
    await attempt(done).catch(() => {});
    done += 1;
  }
  return done;
}

describe.skipIf(!machineHas('root', isRoot))('races against a customer program swapping a folder for a link (needs root: skipped otherwise)', () => {
  it(
    'DELETE of a/victimfile never removes the file outside',
    async () => {
      const victim = path.join(gs.outside, 'victimfile');
      fs.writeFileSync(victim, 'root owns this\n');
      const swap = swapper({ victimfile: 'mine\n' });
      const done = await race(() => driver.deleteFile(credentials, 'a/victimfile'));
      expect(done).toBeGreaterThanOrEqual(100);
      expect(swap.swaps()).toBeGreaterThan(0);
      expect(fs.readFileSync(victim, 'utf8')).toBe('root owns this\n');
    },
    testMs,
  );

  it(
    'rename onto a/target.txt never replaces the file outside',
    async () => {
      const target = path.join(gs.outside, 'target.txt');
      fs.writeFileSync(target, 'root content\n');
      const swap = swapper({});
      const done = await race(async () => {
        await driver.writeFile(credentials, 'payload', 'customer content\n');
        await driver.renameFile(credentials, 'payload', 'a/target.txt');
        // Keep the real folder free for the next try.
        await driver.deleteFile(credentials, 'a/target.txt');
        // Three actions a try, and a narrow window: longer than the others.
      }, 15_000);
      expect(done).toBeGreaterThanOrEqual(100);
      expect(swap.swaps()).toBeGreaterThan(0);
      expect(fs.readFileSync(target, 'utf8')).toBe('root content\n');
      expect(fs.statSync(target).uid).toBe(0);
    },
    testMs,
  );

  it(
    'a backup never carries a root-only file from outside',
    async () => {
      const marker = 'ROOT-ONLY-MARKER-6d1f';
      fs.writeFileSync(path.join(gs.outside, 'shadow'), `${marker}\n`, { mode: 0o600 });
      const swap = swapper({ shadow: 'a decoy of the customer\n' });
      const backups = driver.backups('race-mc')!;
      const leaked: number[] = [];
      const done = await race(async (i) => {
        const { id } = await driver.createBackup(credentials, `race ${i}`);
        await backups.settled();
        try {
          const download = await driver.downloadBackup(credentials, id);
          const chunks: Buffer[] = [];
          for await (const chunk of download.stream) chunks.push(chunk as Buffer);
          if (gunzipSync(Buffer.concat(chunks)).includes(marker)) leaked.push(i);
        } finally {
          await driver.deleteBackup(credentials, id);
        }
      });
      expect(done).toBeGreaterThanOrEqual(20);
      expect(swap.swaps()).toBeGreaterThan(0);
      expect(leaked).toEqual([]);
    },
    testMs,
  );

  it(
    'starting the server never gives a file outside to the server user',
    async () => {
      const owned = path.join(gs.outside, 'owned');
      fs.writeFileSync(owned, 'root owns this too\n');
      const events: ConsoleEvent[] = [];
      await driver.console(credentials, (event) => events.push(event));
      let swap = swapper({ owned: 'mine\n' });
      // Recorded, not thrown: race() passes over the refusals the swapping causes.
      const reowned: number[] = [];
      const state = (wanted: string, from: number) => events.slice(from).some((e) => e.type === 'state' && e.state === wanted);
      const until = (check: () => boolean) => seen(check, events);
      const done = await race(async (i) => {
        // Killing the server ends every process of its user, the swapper included: start it again.
        if (swap.child.exitCode !== null || swap.child.signalCode !== null) swap = swapper({ owned: 'mine\n' });
        const from = events.length;
        await driver.power(credentials, 'start');
        await until(() => state('running', from) || state('offline', from));
        if (fs.statSync(owned).uid !== 0) reowned.push(i);
        await driver.power(credentials, 'kill');
        await until(() => state('offline', from));
      });
      expect(done).toBeGreaterThanOrEqual(20);
      expect(reowned).toEqual([]);
      expect(fs.statSync(owned).uid).toBe(0);
    },
    testMs,
  );
});
