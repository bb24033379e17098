/**
 * `npm run bench:catalog`: how long a catalog publish takes to be live (docs/decisions.md 97),
 * and what the site serves while the pages are rebuilt. Needs a built site (npm run build) and
 * the test PostgreSQL (TEST_DATABASE_URL, as the tests use).
 *
 * Two real server processes (`node server/server.ts`) on one new PostgreSQL database, each with a
 * rebuild folder of its own (as two machines would have; --shared gives them one, as two
 * instances on one machine share it). An editor is added with `npm run staff` and enrolled with
 * a software passkey over HTTP (bench/catalog-editor.ts, as bench:lighthouse --publish does). Then: autocannon loads instance A's /budget-vps for a baseline,
 * then again while A rebuilds for a publish (a changed price); the publish's answer time is
 * publish-to-live on A; instance B is polled until its page shows the price. The servers' own
 * log lines give the parts (docs/decisions.md 156): render, postbuild and the swap into memory.
 *
 * Figures, not a test: prints them and exits 0. Options: --connections 20 --baseline 5, --shared,
 * --full (the full `astro build` a publish took before 156, and takes still as its fallback: the
 * run hides dist/.render, the render kit, and puts it back at the end).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { draftPriceChange, publishChange, signInEditor, untilServed } from './catalog-editor.ts';
import { createTestDatabase } from '../test/helpers/databases.ts';
import { freePort } from '../test/helpers/free-port.ts';
import { startServer } from '../test/helpers/server-process.ts';
import { renderKitDir } from '../src/integrations/render-kit.ts';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '20' },
    baseline: { type: 'string', default: '5' },
    shared: { type: 'boolean', default: false },
    full: { type: 'boolean', default: false },
  },
});
const kit = path.resolve(import.meta.dirname, '../dist', renderKitDir);
const hiddenKit = `${kit}-hidden-by-bench`;
if (args.full) fs.renameSync(kit, hiddenKit);
const connections = Number(args.connections);

const database = await createTestDatabase('postgres');
const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalog-a-')), fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalog-b-'))];
const [portA, portB] = [await freePort(), await freePort()];
const origin = `http://localhost:${portA}`;
const envOf = (dir: string) => ({ DATABASE_URL: database.url, PUBLIC_URL: origin, SITE_BUILDS_DIR: args.shared ? dirs[0]! : dir, LOG_LEVEL: 'info' });
const a = await startServer(envOf(dirs[0]!), { port: portA });
const b = await startServer(envOf(dirs[1]!), { port: portB });

/** The last line of a server's JSON log with this message. */
function logLine(output: string, msg: string): Record<string, string | number> | undefined {
  const lines = output.split('\n').filter((l) => l.includes(`"msg":"${msg}"`));
  return lines.length ? JSON.parse(lines.at(-1)!) : undefined;
}

function load(seconds: number | undefined, until?: Promise<unknown>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `http://127.0.0.1:${portA}/budget-vps`, connections, duration: seconds ?? 600, headers: { 'accept-encoding': 'br' } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    const stop = () => instance.stop();
    void until?.then(stop, stop);
  });
}

try {
  const editor = await signInEditor(origin, envOf(dirs[0]!));
  const change = await draftPriceChange(editor);

  const baseline = await load(Number(args.baseline));
  const started = performance.now();
  const publish = publishChange(editor, change).catch((error: unknown) => {
    throw new Error(`publish failed after ${((performance.now() - started) / 1000).toFixed(1)} s: ${String(error)}\n${a.output().slice(-2000)}`);
  });
  const during = load(undefined, publish);
  const answer = await publish;
  const liveA = performance.now() - started;
  if (answer.status !== 200) throw new Error(`publish: ${answer.status} ${await answer.text()}`);
  const duringRebuild = await during;
  const servedB = await untilServed(`http://127.0.0.1:${portB}${change.route}`, change, started + 300_000);
  const liveB = servedB ? performance.now() - started : Number.NaN;
  const { buildMs } = await answer.json();
  console.log(
    `catalog publish (${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, rebuild folders ${args.shared ? 'shared' : 'one per instance'}, ${args.full ? 'full build' : 'rendered from the kit'})`,
  );
  for (const [name, server] of [['A', a] as const, ['B', b] as const]) {
    const built = logLine(server.output(), 'site rebuilt for the catalog');
    const swapped = logLine(server.output(), 'serving the catalog version');
    const parts = built
      ? `${built.how}: load ${built.loadMs ?? '-'} ms, render ${built.renderMs ?? '-'} ms, postbuild ${built.postbuildMs ?? '-'} ms (${built.changed ?? '-'} of ${built.pages ?? '-'} pages changed), in all ${built.ms} ms`
      : 'found built';
    console.log(`  ${name}: ${parts}; swap ${swapped?.swapMs ?? '-'} ms`);
  }
  console.log(`  pages built on A:                      ${(buildMs / 1000).toFixed(1)} s`);
  console.log(`  publish to live on A (its answer):     ${(liveA / 1000).toFixed(1)} s`);
  console.log(`  publish to live on B (second process): ${(liveB / 1000).toFixed(1)} s`);
  console.log(`  /budget-vps on A, ${connections} connections:`);
  console.log(
    `    before:              ${Math.round(baseline.requests.average)} req/s, p99 ${baseline.latency.p99} ms, errors ${baseline.errors + baseline.non2xx}`,
  );
  console.log(
    `    during the rebuild:  ${Math.round(duringRebuild.requests.average)} req/s, p99 ${duringRebuild.latency.p99} ms, errors ${duringRebuild.errors + duringRebuild.non2xx}`,
  );
} finally {
  await a.stop();
  await b.stop();
  await database.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  if (args.full) fs.renameSync(hiddenKit, kit);
}
