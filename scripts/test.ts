// `npm test`: type-check, lint and format check (Biome), build the site, check the built pages' HTML (Nu HTML Checker), run the
// unit and integration tests (Vitest) and the browser tests (Playwright in Debian's Chromium),
// then print one closing line
// "N passed, N failed, N skipped" (scripts/test-tally.ts counts it). Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addFailedStep, addPlaywright, addVitest, closingLines, emptyTally, type PlaywrightReport, type VitestReport } from './test-tally.ts';

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

const tally = emptyTally();

for (const [label, step, args] of [
  ['type-check (tsc --noEmit)', bin('tsc'), ['--noEmit']],
  ['lint and format (biome check; src/ and server/ meet only in contracts/)', 'npm', ['run', '--silent', 'lint']],
  ['import cycles: none between files nor between folders (scripts/import-cycles.ts)', process.execPath, ['scripts/import-cycles.ts']],
  ['build', 'npm', ['run', '--silent', 'build']],
  ['HTML validity of the built pages (Nu HTML Checker)', 'npm', ['run', '--silent', 'check:html']],
] as const) {
  if (!run(label, step, [...args])) addFailedStep(tally, label);
}

const vitestOut = path.join(results, 'vitest.json');
const vitestOk = run('unit and integration tests (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestOut}`]);
addVitest(tally, readJson<VitestReport>(vitestOut), vitestOk, (file) => path.relative(root, file));

const playwrightOut = path.join(results, 'playwright.json');
const playwrightOk = run('browser tests (playwright, chromium)', bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightOut });
addPlaywright(tally, readJson<PlaywrightReport>(playwrightOut), playwrightOk);

console.log(closingLines(tally).join('\n'));
process.exit(tally.failed > 0 ? 1 : 0);
