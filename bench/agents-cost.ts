/**
 * `npm run bench:agents`: what 1,000 monitors watched from 3 agents cost the site.
 *
 * Starts the real server (`node server/server.ts`, a child process, SQLite in a temporary
 * folder, its own prober in standby) with --monitors HTTP monitors every --interval seconds,
 * makes three agent tokens with `npm run agents`, then plays three agents: each sends one batch
 * of results for every monitor each interval, out of phase, through the real API (HTTP, JSON,
 * token, validation, the decider's transaction). After a warm-up it measures for --minutes: the
 * site's CPU time (utime + stime from /proc), the rows stored (each location's results and the
 * decided results), and the database's growth, then scales them to a day at a 30 s interval.
 *
 * Options: --monitors 1000 --interval 5 --minutes 1
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../server/db/database.ts';
import type { Database } from '../server/db/schema.ts';

const { values } = parseArgs({
  options: { monitors: { type: 'string', default: '1000' }, interval: { type: 'string', default: '5' }, minutes: { type: 'string', default: '1' } },
});
const count = Number(values.monitors);
const interval = Number(values.interval);
const minutes = Number(values.minutes);
const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-bench-agents-'));
const dbFile = path.join(dir, 'bench.db');
const databaseUrl = `sqlite:${dbFile}`;
const monitorsFile = path.join(dir, 'monitors.json');
fs.writeFileSync(
  monitorsFile,
  JSON.stringify({
    monitors: Array.from({ length: count }, (_, i) => ({
      id: `m${i}`,
      name: `Monitor ${i}`,
      type: 'http',
      target: `http://127.0.0.1:9/${i}`,
      intervalSeconds: interval,
    })),
  }),
);
const env = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '/tmp',
  DATABASE_URL: databaseUrl,
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  MONITORS_FILE: monitorsFile,
  STATUS_PROBER: 'standby',
  LOG_LEVEL: 'error',
  HOST: '127.0.0.1',
  LOCAL_SERVERS_FILE: path.join(root, 'test/fixtures/panel-servers.json'),
};

function run(args: string[]): Promise<string> {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) => child.once('exit', () => resolve(out.trim())));
}

function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The database's pages in use (tables and indexes), the WAL folded in first. */
async function storedBytes(db: Kysely<Database>): Promise<number> {
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
  const pages = await sql<{ page_count: number }>`pragma page_count`.execute(db);
  const free = await sql<{ freelist_count: number }>`pragma freelist_count`.execute(db);
  const size = await sql<{ page_size: number }>`pragma page_size`.execute(db);
  return (Number(pages.rows[0]!.page_count) - Number(free.rows[0]!.freelist_count)) * Number(size.rows[0]!.page_size);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const locations = ['delhi-ncr', 'singapore', 'frankfurt'];
const tokens: string[] = [];
for (const l of locations) tokens.push(await run(['scripts/agents.ts', 'add', l]));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const site = spawn(process.execPath, ['server/server.ts'], { cwd: root, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'inherit', 'inherit'] });
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 300) throw new Error('the site did not start');
    await sleep(100);
  }
  let sent = 0;
  let failed = 0;
  const send = async (token: string) => {
    const at = Date.now();
    const results = Array.from({ length: count }, (_, i) => ({ monitorId: `m${i}`, at, ok: true, latency: 10 + (i % 40) }));
    const response = await fetch(`${base}/api/probes/results`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ results, pingUrl: 'https://probe.example.com/ping' }),
    });
    if (response.ok) sent += count;
    else failed++;
    await response.body?.cancel();
  };
  const round = async () => {
    // The three agents, out of phase: a third of an interval apart.
    for (const token of tokens) {
      const started = Date.now();
      await send(token);
      await sleep(Math.max(0, (interval * 1000) / 3 - (Date.now() - started)));
    }
  };
  // Warm-up: the agents report, the own prober steps aside.
  for (let i = 0; i < 2; i++) await round();
  const { db } = openDatabase(databaseUrl);
  const rows = async () => ({
    location: Number(
      (
        await db
          .selectFrom('status_location_result')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    ),
    decided: Number(
      (
        await db
          .selectFrom('status_result')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    ),
  });
  const before = await rows();
  const bytesBefore = await storedBytes(db);
  const cpuBefore = cpuSeconds(site.pid!);
  const startedAt = Date.now();
  sent = 0;
  while (Date.now() - startedAt < minutes * 60_000) await round();
  const wall = (Date.now() - startedAt) / 1000;
  const cpu = cpuSeconds(site.pid!) - cpuBefore;
  const after = await rows();
  const bytesAfter = await storedBytes(db);
  await db.destroy();
  const locationRows = after.location - before.location;
  const decidedRows = after.decided - before.decided;
  const rounds = wall / interval;
  const perDay = 86_400 / 30;
  const locationPerDay = (locationRows / rounds) * perDay;
  const decidedPerDay = (decidedRows / rounds) * perDay;
  const bytesPerRow = (bytesAfter - bytesBefore) / Math.max(1, locationRows + decidedRows);
  const msPerThousand = (cpu * 1000) / (sent / 1000);
  const resultsPerSecondAt30 = (3 * count) / 30;
  console.log(`The site with ${count} monitors and 3 agents (SQLite; measured ${wall.toFixed(0)} s at a ${interval} s interval, scaled to 30 s)`);
  console.log(`results accepted: ${sent} (${failed} batches refused); site CPU ${cpu.toFixed(2)} s = ${msPerThousand.toFixed(1)} ms per 1,000 results`);
  console.log(`at a 30 s interval: ${resultsPerSecondAt30} results/s, about ${((resultsPerSecondAt30 * msPerThousand) / 1000 / 10).toFixed(2)}% of one core`);
  console.log(
    `rows per round: ${(locationRows / rounds).toFixed(0)} location results, ${(decidedRows / rounds).toFixed(0)} decided results; per day at 30 s: ${Math.round(locationPerDay).toLocaleString('en')} + ${Math.round(decidedPerDay).toLocaleString('en')}`,
  );
  console.log(
    `storage: ${bytesPerRow.toFixed(0)} bytes a row (tables and indexes, SQLite) → ${(((locationPerDay + decidedPerDay) * bytesPerRow) / 2 ** 30).toFixed(2)} GiB a day, ${(((locationPerDay + decidedPerDay) * bytesPerRow * 7) / 2 ** 30).toFixed(1)} GiB for the 7 days kept`,
  );
} finally {
  site.kill('SIGTERM');
  await new Promise((r) => site.once('exit', r));
  fs.rmSync(dir, { recursive: true, force: true });
}
