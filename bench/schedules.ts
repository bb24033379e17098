/**
 * `npm run bench:schedules`: the local schedules' runner with many schedules due at once.
 *
 * Opens a fresh database (SQLite in a temporary folder, or PostgreSQL with --database-url),
 * stores --count schedules of one console command each, all due in the same minute, moves the
 * clock past it and times the runner's rounds until every run is recorded: claims, run rows,
 * task outcomes, audit entries. The engine is an in-process driver that takes every command at
 * once, so the figure is the runner's own cost per run, not a game server's. Prints runs per
 * second and the time of one idle round (nothing due), then removes everything and exits.
 *
 * Options: --count 500 --database-url sqlite:/tmp/x.db
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { AuditLog } from '../server/audit/audit-service.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import type { GameServerDriver } from '../server/panel/driver.ts';
import { SessionCrypto } from '../server/panel/session-crypto.ts';
import { LocalSchedules } from '../server/panel/schedules/local-schedules.ts';
import { ScheduleRunner } from '../server/panel/schedules/schedule-runner.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '500' }, 'database-url': { type: 'string' } } });
const count = Number(values.count);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-bench-schedules-'));
const url = values['database-url'] ?? `sqlite:${path.join(dir, 'bench.db')}`;
const handle = openDatabase(url);
let clock = Date.parse('2026-03-10T03:59:00Z');
const now = () => clock;
try {
  await migrateToLatest(handle.db, handle.dialect);
  const crypto = new SessionCrypto('bench-secret-bench-secret-bench-secret-0123');
  let commands = 0;
  const driver = {
    name: 'local',
    sendCommand: async () => {
      commands += 1;
    },
  } as unknown as GameServerDriver;
  const engine = new LocalSchedules({ db: handle.db, dialect: handle.dialect, crypto, now, kick: () => {} });
  for (let i = 0; i < count; i++) {
    await engine.create(
      { serverId: `bench-${i % 50}`, key: 'bench-key' },
      {
        name: `Bench ${i}`,
        timetable: { minute: '0', hour: '4', dayOfMonth: '*', month: '*', dayOfWeek: '*' },
        timeZone: 'UTC',
        enabled: true,
        onlyWhenOnline: false,
        tasks: [{ kind: 'command', delaySeconds: 0, command: 'say bench' }],
      },
    );
  }
  const runner = new ScheduleRunner({ db: handle.db, driver, crypto, audit: new AuditLog(handle.db, now), now });
  let started = performance.now();
  await runner.round();
  const idleMs = performance.now() - started;
  clock = Date.parse('2026-03-10T04:00:01Z');
  started = performance.now();
  let rounds = 0;
  while (commands < count && rounds < 100) {
    await runner.round();
    rounds += 1;
  }
  const ms = performance.now() - started;
  console.log(`database: ${handle.dialect}; schedules due at once: ${count}; rounds: ${rounds}`);
  console.log(`runs recorded: ${commands} in ${ms.toFixed(0)} ms (${((commands / ms) * 1000).toFixed(0)} runs/s, ${(ms / commands).toFixed(2)} ms a run)`);
  console.log(`idle round (nothing due): ${idleMs.toFixed(1)} ms`);
} finally {
  await handle.db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
