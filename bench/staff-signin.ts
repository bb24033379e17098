/**
 * What a staff sign-in costs the server: the two requests of a passkey sign-in (options, then
 * verification of a real ES256 assertion) through the whole app in-process (routing, zod
 * validation, the database, the WebAuthn library, the session and the audit entry), many times
 * over; prints p50 and p99 of each and of the pair. Also prints the gzipped JavaScript each
 * staff page loads (from dist/, when built). Exits by itself.
 *
 *   npm run bench:staff [-- --iterations 500] [-- --postgres]   (PostgreSQL: TEST_DATABASE_URL's server)
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config/config.ts';
import { shellOperator } from '../server/staff/staff-service.ts';
import { createTestDatabase } from '../test/helpers/databases.ts';
import { SoftAuthenticator } from '../test/helpers/soft-authenticator.ts';
import { pageWeights } from './web.ts';

const { values } = parseArgs({ options: { iterations: { type: 'string', default: '400' }, postgres: { type: 'boolean', default: false } } });
const iterations = Number(values.iterations);
const origin = 'http://localhost:4321';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const format = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms   p95 ${percentile(sorted, 95).toFixed(2)} ms   p99 ${percentile(sorted, 99).toFixed(2)} ms`;
};

const database = await createTestDatabase(values.postgres ? 'postgres' : 'sqlite');
const config = loadConfig({
  DATABASE_URL: database.url,
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  LOG_LEVEL: 'silent',
  PUBLIC_URL: origin,
  MONITORS_FILE: path.resolve(import.meta.dirname, '../test/fixtures/no-monitors.json'),
  LOCAL_SERVERS_FILE: path.resolve(import.meta.dirname, '../test/fixtures/panel-servers.json'),
});
const app = await buildApp(config);
try {
  await app.ready();
  const added = await app.staff.service.add('bench@example.com', 'admin', shellOperator);
  const token = new URL(added.link).hash.slice(1);
  const authenticator = new SoftAuthenticator(origin);
  const enrolOptions = (await app.inject({ method: 'POST', url: '/api/staff/enrolment/options', payload: { token, displayName: 'Bench' } })).json();
  const enrolled = await app.inject({
    method: 'POST',
    url: '/api/staff/enrolment',
    payload: { token, displayName: 'Bench', challengeId: enrolOptions.challengeId, credential: authenticator.create(enrolOptions.options) },
  });
  if (enrolled.statusCode !== 200) throw new Error(`enrolment failed: ${enrolled.body}`);

  const options: number[] = [];
  const verify: number[] = [];
  const total: number[] = [];
  const warmup = Math.min(50, Math.floor(iterations / 10));
  for (let i = 0; i < iterations + warmup; i++) {
    // Each sign-in from its own address, as staff at their own desks (the per-address limits stay out of the way).
    const remoteAddress = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const t0 = performance.now();
    const answer = await app.inject({ method: 'POST', url: '/api/staff/signin/options', remoteAddress });
    const t1 = performance.now();
    const { challengeId, options: request } = answer.json();
    // The authenticator's signature is the browser's work, not the server's: made between the two timings.
    const credential = authenticator.get(request);
    const t2 = performance.now();
    const signedIn = await app.inject({ method: 'POST', url: '/api/staff/signin', payload: { challengeId, credential }, remoteAddress });
    const t3 = performance.now();
    if (signedIn.statusCode !== 200) throw new Error(`sign-in ${i} failed: ${signedIn.body}`);
    if (i < warmup) continue;
    options.push(t1 - t0);
    verify.push(t3 - t2);
    total.push(t1 - t0 + (t3 - t2));
  }
  console.log(`Staff sign-in, server side, ${iterations} sign-ins on ${database.dialect} (in-process, after ${warmup} warm-up):`);
  console.log(`  options       ${format(options)}`);
  console.log(`  verification  ${format(verify)}`);
  console.log(`  both          ${format(total)}`);
} finally {
  await app.close();
  await database.drop();
}

const dist = path.resolve(import.meta.dirname, '../dist');
if (fs.existsSync(path.join(dist, 'staff', 'index.html'))) {
  console.log('\nStaff pages, what each loads (gzip):');
  for (const route of ['/staff', '/staff/enrol']) {
    const w = pageWeights(route);
    console.log(`  ${route.padEnd(15)} JS ${w.jsKb} KB   CSS ${w.cssKb} KB   HTML ${w.htmlKb} KB`);
  }
  // What the console loads later (dynamic imports), on top of /staff: the console once signed in
  // (the sign-in carries none of it), the inbox when first opened.
  const assets = path.join(dist, '_astro');
  const later: [RegExp, string, string][] = [
    [/^ConsoleShell\.[\w-]+\.js$/, 'console', 'once signed in'],
    [/^InboxSection\.[\w-]+\.js$/, 'inbox', 'when the inbox is first opened'],
  ];
  for (const [pattern, name, when] of later) {
    for (const file of fs.readdirSync(assets).filter((f) => pattern.test(f))) {
      const kb = Math.round((zlib.gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length / 1024) * 10) / 10;
      console.log(`  ${`${name} (lazy)`.padEnd(15)} JS ${kb} KB more, ${when}`);
    }
  }
} else {
  console.log("\n(no dist/: npm run build to see the staff pages' weights)");
}
