// `npm test`: type-check, lint and format check (Biome), build the site, check the built pages' HTML (Nu HTML Checker), run the
// unit and integration tests (Vitest) and the browser tests (Playwright in Debian's Chromium),
// then print one closing line
// "N passed, N failed". Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const results = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-test-'));

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${label}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return status === 0;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

let passed = 0;
let failed = 0;
const problems: string[] = [];

if (!run('type-check (tsc --noEmit)', bin('tsc'), ['--noEmit'])) problems.push('type-check');
if (!run('lint and format (biome check; src/ and server/ meet only in contracts/)', 'npm', ['run', '--silent', 'lint'])) problems.push('lint');
if (!run('build', 'npm', ['run', '--silent', 'build'])) problems.push('build');
if (!run('HTML validity of the built pages (Nu HTML Checker)', 'npm', ['run', '--silent', 'check:html'])) problems.push('check:html');

const vitestOut = path.join(results, 'vitest.json');
const vitestOk = run('unit and integration tests (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestOut}`]);
const vitest = readJson<{ numPassedTests: number; numFailedTests: number }>(vitestOut);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
if (!vitestOk && (!vitest || vitest.numFailedTests === 0)) problems.push('vitest');

const playwrightOut = path.join(results, 'playwright.json');
const playwrightOk = run('browser tests (playwright, chromium)', bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightOut });
interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; tests: { projectName: string; status: string }[] }[];
}
const playwright = readJson<{ stats: { expected: number; unexpected: number; flaky: number }; suites: PlaywrightSuite[] }>(playwrightOut);
/** Browser tests that failed once and passed on their retry, by name. */
const flaky: string[] = [];
const collectFlaky = (suite: PlaywrightSuite, trail: string[]): void => {
  const here = suite.title ? [...trail, suite.title] : trail;
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests) if (t.status === 'flaky') flaky.push(`[${t.projectName}] ${[...here, spec.title].join(' › ')}`);
  for (const child of suite.suites ?? []) collectFlaky(child, here);
};
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  for (const suite of playwright.suites) collectFlaky(suite, []);
}
if (!playwrightOk && (!playwright || playwright.stats.unexpected === 0)) problems.push('playwright');

if (problems.length) console.log(`\nsteps that failed outside any test: ${problems.join(', ')}`);
if (flaky.length) console.log(`\nbrowser tests that passed only on their retry (${flaky.length}):\n${flaky.map((name) => `  ${name}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${flaky.length ? ` (${flaky.length} of the passed only on a retry, listed above)` : ''}`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
