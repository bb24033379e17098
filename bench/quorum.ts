/**
 * `npm run bench:quorum`: false down decisions when one location loses probes at random.
 *
 * Three locations probe --monitors monitors (every --interval seconds, the default
 * failures-before-down of 3) whose targets never fail; one location loses a random --loss share
 * of its probes (its results say "no answer"). The run is --minutes long in simulated time,
 * compressed: each round's results go through the site's own decider (decideResults, the code
 * the agents' API and the site's prober call) on a fresh SQLite database, with the round's time
 * given as "now", so the decisions are exactly those the site would make, only not waiting for
 * the clock. Every down decision is false (nothing was down). For comparison it prints what the
 * lossy location would have decided alone (one prober, as before probe locations), and the same
 * with failures-before-down 1.
 *
 * Options: --minutes 30 --loss 0.2 --monitors 20 --interval 30 --seed 1
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { decideResults, type LocationResult } from '../server/status/decider.ts';
import { monitorChangesAfter } from '../server/status/monitor-changes.ts';
import { freshMemory, nextMemory } from '../server/status/monitor-state.ts';
import type { Monitor } from '../server/status/monitors-file.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    loss: { type: 'string', default: '0.2' },
    monitors: { type: 'string', default: '20' },
    interval: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
  },
});
const minutes = Number(values.minutes);
const loss = Number(values.loss);
const count = Number(values.monitors);
const interval = Number(values.interval);
let seed = Number(values.seed);
/** A small seeded generator (mulberry32), so a run can be repeated. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

async function run(failuresBeforeDown: number): Promise<{ quorumDowns: number; aloneDowns: number; lost: number; probes: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-bench-quorum-'));
  const { db, dialect } = openDatabase(`sqlite:${path.join(dir, 'bench.db')}`);
  try {
    await migrateToLatest(db, dialect);
    const monitors: Monitor[] = Array.from({ length: count }, (_, i) => ({
      id: `m${i}`,
      name: `m${i}`,
      type: 'http',
      target: `https://example.com/${i}`,
      settings: {},
      intervalSeconds: interval,
      timeoutSeconds: 5,
      degradedAboveMs: 300,
      failuresBeforeDown,
    }));
    const byId = new Map(monitors.map((m) => [m.id, m]));
    const locations = ['delhi-ncr', 'singapore', 'frankfurt'];
    const lossy = 'singapore';
    const alone = new Map(monitors.map((m) => [m.id, freshMemory]));
    let aloneDowns = 0;
    let lost = 0;
    let probes = 0;
    const start = Date.parse('2026-03-10T00:00:00Z');
    const rounds = Math.floor((minutes * 60) / interval);
    for (let round = 0; round < rounds; round++) {
      for (const [index, location] of locations.entries()) {
        // The locations probe out of phase with each other, a few seconds apart.
        const at = start + round * interval * 1000 + index * 3000 + Math.floor(random() * 1000);
        const results: LocationResult[] = monitors.map((m) => {
          probes++;
          const dropped = location === lossy && random() < loss;
          if (dropped) lost++;
          return dropped
            ? { monitorId: m.id, at, ok: false, latency: 0, error: 'no answer' }
            : { monitorId: m.id, at, ok: true, latency: 20 + Math.floor(random() * 30) };
        });
        if (location === lossy) {
          for (const r of results) {
            const before = alone.get(r.monitorId)!;
            const after = nextMemory(before, r, byId.get(r.monitorId)!);
            if (after.state === 'down' && before.state !== 'down') aloneDowns++;
            alone.set(r.monitorId, after);
          }
        }
        await decideResults(db, dialect, { location, results, monitors: byId, now: at + 50, inMaintenance: () => false });
      }
    }
    const quorumDowns = (await monitorChangesAfter(db, 0, 1_000_000)).filter((e) => e.payload.to === 'down').length;
    return { quorumDowns, aloneDowns, lost, probes };
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `Quorum vs. a lossy location: 3 locations, ${count} monitors every ${interval} s, ${minutes} min simulated (compressed), Singapore loses ${Math.round(loss * 100)}% of its probes at random`,
);
for (const failures of [3, 1]) {
  const r = await run(failures);
  console.log(
    `failures-before-down ${failures}: ${r.lost} of ${r.probes} probes lost; false down decisions by quorum: ${r.quorumDowns}; the lossy location alone would have decided ${r.aloneDowns}`,
  );
}
