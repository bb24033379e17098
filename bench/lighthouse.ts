/**
 * `npm run bench:lighthouse`: every public route through Lighthouse's mobile preset (its default:
 * an emulated phone, simulated slow 4G, 4x CPU slowdown), the median of --runs (3) runs each,
 * beside the JavaScript the route loads before the visitor's first interaction (KB gzip, counted
 * from the built files by scripts/route-js.ts, docs/decisions.md 87).
 *
 * Builds nothing: needs a built site (npm run build). Starts the built site as production does
 * (`node server/server.ts` with the flags of `npm run serve`, a temporary SQLite database, the
 * operator's status monitors of config/monitors.json, so the board has cards, and sign-in by
 * e-mail link on, as a production site has it), runs Debian's
 * Chromium headless, prints one table and exits by itself. The routes are the site's own list
 * (src/data/pages.ts, the pages the sitemap lists); --routes /,/vps measures a subset.
 *
 * Timings move with the machine's load, so the load average is printed at the start and at the
 * end: a figure taken while it was far above the number of cores says little. Each row also gives
 * Lighthouse's benchmark of the CPU during its median run ("CPU index"): the preset's 4x slowdown
 * is meant for a fast desktop (an index of 1500 to 2000); on a slower machine, or a busy one, the
 * same 4x emulates a slower phone (docs/decisions.md 174). --cpu-slowdown <n> measures with another
 * multiplier, as Lighthouse's own guidance does for a slower host. The median run is
 * the middle one by performance score, then by blocking time (as bench/web.ts orders them).
 * Options: --routes (comma-separated), --runs 3, --json <file> (the rows as JSON too), --reports <dir>
 * (each route's median Lighthouse report, whole, as <dir>/<route>.json: its long tasks and main-thread
 * breakdown say where blocking time comes from), --banner "<text>"
 * (an announcement on every page for the run), --publish (the pages as a catalog publish from the
 * staff console re-renders them, docs/decisions.md 97 and 156: before measuring, an editor signs
 * in and publishes a price change through the server's HTTP API, as bench:catalog does, and the
 * run waits until the changed page serves it; prints the price and how long it took to be live).
 * Takes about 15 s per Lighthouse run on a quiet machine of 2 cores (26 routes × 3 runs: about
 * 20 minutes), longer under load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { siteReader } from '../scripts/built-site-js.ts';
import { routeJs } from '../scripts/route-js.ts';
import { allPages } from '../src/data/pages.ts';
import { startServer } from '../test/helpers/server-process.ts';
import { draftPriceChange, publishChange, signInEditor, untilServed } from './catalog-editor.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

interface Row {
  route: string;
  performance: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  jsKb: number;
  /** Lighthouse's benchmark of the machine's CPU during the median run (its "CPU/Memory Power"). */
  cpuIndex: number;
}

type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  environment?: { benchmarkIndex?: number };
  runtimeError?: { message: string };
};

const audit = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? 0;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The middle run: ordered by performance score, and among equal scores by blocking time. */
export function medianRun<T extends Lhr>(runs: T[]): T {
  const sorted = [...runs].sort(
    (a, b) =>
      (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0) || audit(b, 'total-blocking-time') - audit(a, 'total-blocking-time'),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function builtPage(route: string): string {
  return path.join(dist, route === '/' ? '' : route.slice(1), 'index.html');
}

function printTable(rows: Row[]): void {
  const header = ['route', 'performance', 'TBT ms', 'LCP ms', 'CLS', 'JS before interaction (KB gzip)', 'CPU index'];
  const cells = rows.map((r) => [r.route, String(r.performance), String(r.tbtMs), String(r.lcpMs), r.cls.toFixed(3), r.jsKb.toFixed(1), String(r.cpuIndex)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

/**
 * --banner "<text>": an announcement on every page for the run (docs/decisions.md 133), written
 * to the server's database as the console would, then waited for until the home page has it (the
 * server reads banners every 5 s).
 */
async function showBanner(dbFile: string, text: string, origin: string): Promise<void> {
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(dbFile);
  const now = Date.now();
  db.prepare(
    "insert into announcement (text, link_label, link_url, tone, pages, starts_at, ends_at, created_by, updated_by, created_at, updated_at) values (?, 'See the plans', '/products', 'info', 'all', ?, ?, 'bench', 'bench', ?, ?)",
  ).run(text, now - 60_000, now + 6 * 3_600_000, now, now);
  db.close();
  const until = Date.now() + 30_000;
  while (!(await (await fetch(`${origin}/`)).text()).includes('class="site-banner')) {
    if (Date.now() > until) throw new Error('the banner did not show within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * --publish: a price change published as an editor would, over the server's own API, then waited
 * for until its page serves it (the publish answers once the pages are rebuilt, docs/decisions.md
 * 156). The pages measured are then the rebuilt ones, served from SITE_BUILDS_DIR.
 */
async function publishPrice(env: Record<string, string>, server: { url: string; port: number }): Promise<void> {
  const started = performance.now();
  const editor = await signInEditor(`http://localhost:${server.port}`, env);
  const change = await draftPriceChange(editor);
  const publishing = performance.now();
  const answer = await publishChange(editor, change);
  if (answer.status !== 200) throw new Error(`publish: ${answer.status} ${await answer.text()}`);
  if (!(await untilServed(`${server.url}${change.route}`, change, performance.now() + 60_000))) {
    throw new Error(`${change.route} did not serve the published price within 60 s of the publish's answer`);
  }
  const live = performance.now();
  console.log(
    `published: ${change.line} ${change.plan} ${change.from} → ${change.to}; live on ${change.route} ${((live - publishing) / 1000).toFixed(1)} s after the publish (editor signed in in ${((publishing - started) / 1000).toFixed(1)} s)`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      routes: { type: 'string' },
      runs: { type: 'string', default: '3' },
      json: { type: 'string' },
      reports: { type: 'string' },
      banner: { type: 'string' },
      publish: { type: 'boolean', default: false },
      'cpu-slowdown': { type: 'string' },
    },
  });
  const runs = Math.max(1, Number(values.runs));
  const slowdown = values['cpu-slowdown'] === undefined ? undefined : Number(values['cpu-slowdown']);
  if (slowdown !== undefined && !(slowdown >= 1 && slowdown <= 20)) {
    console.error('--cpu-slowdown takes a multiplier from 1 to 20 (Lighthouse mobile uses 4).');
    process.exit(2);
  }
  // Lighthouse merges a partial throttling into its mobile preset's, keeping the network's figures.
  const flags: Flags = {
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(slowdown ? { throttling: { cpuSlowdownMultiplier: slowdown } } : {}),
  };
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error('bench:lighthouse needs a built site: run npm run build first.');
    process.exit(2);
  }
  const routes = values.routes ? values.routes.split(',') : allPages.map((p) => p.path);
  const missing = routes.filter((r) => !fs.existsSync(builtPage(r)));
  if (missing.length) {
    console.error(`not in the build: ${missing.join(', ')}`);
    process.exit(2);
  }
  const startLoad = load();
  const started = Date.now();
  const read = siteReader(dist);
  const serve = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve ?? '';
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-bench-lighthouse-'));
  const env = {
    DATABASE_URL: `sqlite:${path.join(work, 'bench.db')}`,
    LOG_LEVEL: 'warn',
    MONITORS_FILE: path.join(root, 'config/monitors.json'),
    // Sign-in by e-mail link on, as on a production site: /control-panel shows a new visitor the
    // signed-out panel (docs/decisions.md 124). No run sends mail; nothing listens at this address.
    SMTP_URL: 'smtp://127.0.0.1:9',
    // A publish's rebuilds (--publish): in the run's folder, not the repository's data/.
    SITE_BUILDS_DIR: path.join(work, 'site-builds'),
  };
  const server = await startServer(env, { nodeArgs: serve.split(' ').filter((word) => word.startsWith('--')) });
  try {
    if (values.banner) await showBanner(path.join(work, 'bench.db'), values.banner, server.url);
    if (values.publish) await publishPrice(env, server);
  } catch (error) {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
    throw error;
  }
  fs.mkdirSync(path.join(work, 'chrome'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    userDataDir: path.join(work, 'chrome'),
  });
  const rows: Row[] = [];
  try {
    // One unrecorded run: the server's and the browser's first requests are not typical.
    await lighthouse(`${server.url}/`, { ...flags, port: chrome.port });
    for (const route of routes) {
      const measured: Lhr[] = [];
      for (let i = 0; i < runs; i += 1) {
        const result = await lighthouse(`${server.url}${route}`, { ...flags, port: chrome.port });
        const lhr = result?.lhr as unknown as Lhr | undefined;
        if (!lhr || lhr.runtimeError) console.error(`${route}: Lighthouse failed: ${lhr?.runtimeError?.message ?? 'no result'}`);
        else measured.push(lhr);
      }
      if (measured.length === 0) continue;
      const lhr = medianRun(measured);
      if (values.reports) {
        fs.mkdirSync(values.reports, { recursive: true });
        fs.writeFileSync(path.join(values.reports, `${route === '/' ? 'home' : route.slice(1).replaceAll('/', '_')}.json`), JSON.stringify(lhr));
      }
      const js = routeJs(route, fs.readFileSync(builtPage(route), 'utf8'), read);
      rows.push({
        route,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        tbtMs: Math.round(audit(lhr, 'total-blocking-time')),
        lcpMs: Math.round(audit(lhr, 'largest-contentful-paint')),
        cls: Math.round(audit(lhr, 'cumulative-layout-shift') * 1000) / 1000,
        jsKb: Math.round((js.gzip / 1024) * 10) / 10,
        cpuIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
      });
      console.error(`measured ${route} (${rows.length}/${routes.length}), load ${load()}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log('');
  printTable(rows);
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    `\nLighthouse mobile, CPU slowed ${slowdown ?? 4}x${slowdown ? ' (--cpu-slowdown)' : ''}, median of ${runs} run(s) per route; ${os.cpus().length} CPUs; took ${minutes} min`,
  );
  console.log(`load average (1, 5, 15 min) at start: ${startLoad}; at end: ${load()}`);
  const over = rows.filter((r) => r.tbtMs > 50 || r.performance < 100);
  console.log(over.length ? `over 50 ms TBT or under 100: ${over.map((r) => r.route).join(', ')}` : 'every route 100 with TBT at most 50 ms');
  if (values.json) fs.writeFileSync(values.json, JSON.stringify({ startLoad, endLoad: load(), runs, cpuSlowdown: slowdown ?? 4, rows }, null, 2));
}

if (import.meta.main) await main();
