// `npm test`: lint and format check (Biome), import cycles, build the site, type-check, the built
// pages' HTML check (Nu HTML Checker), the unit and integration tests (Vitest), then the browser
// tests (Playwright in Debian's Chromium). Then it prints one closing line
// "N passed, N failed, N skipped" (scripts/test-tally.ts counts it) and exits non-zero when
// anything failed.
//
// TEST_LANES=2 runs the browser tests beside the type-check, the HTML check and Vitest, for a
// machine with cores to spare (docs/decisions.md 146): on 2 cores both lanes are bound by the CPU
// and the run took no less. The browser lane streams its output; the other lane's output is
// printed as each of its steps ends, so the two never interleave.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  addFailedStep,
  addPlaywright,
  addRetried,
  addVitest,
  closingLines,
  emptyTally,
  type PlaywrightReport,
  type RetriedTest,
  type VitestReport,
} from './test-tally.ts';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const results = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-test-'));
const oneLane = process.env.TEST_LANES !== '2';
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

interface Step {
  label: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/**
 * Runs a step. `stream`: its output goes straight to ours; otherwise it is kept and printed
 * whole when the step ends.
 */
function run(step: Step, stream: boolean): Promise<boolean> {
  const started = Date.now();
  if (stream) console.log(`\n=== ${step.label}`);
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: root,
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    const kept: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => kept.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => kept.push(chunk));
    const end = (status: number | null) => {
      if (!stream) {
        console.log(`\n=== ${step.label} (started ${seconds(started)} s ago; its output follows)`);
        process.stdout.write(Buffer.concat(kept));
      }
      console.log(`=== ${step.label}: ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${seconds(started)} s`);
      resolve(status === 0);
    };
    child.on('error', (error) => {
      kept.push(Buffer.from(`${error.message}\n`));
      end(null);
    });
    child.on('close', end);
  });
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const tally = emptyTally();
const started = Date.now();

/** Runs steps one after another, counting each that fails. */
async function lane(steps: Step[], stream: boolean): Promise<void> {
  for (const step of steps) if (!(await run(step, stream))) addFailedStep(tally, step.label);
}

await lane(
  [
    { label: 'lint and format (biome check; src/ and server/ meet only in contracts/)', command: 'npm', args: ['run', '--silent', 'lint'] },
    {
      label: 'import cycles: none between files nor between folders (scripts/import-cycles.ts)',
      command: process.execPath,
      args: ['scripts/import-cycles.ts'],
    },
    { label: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
  ],
  true,
);

const vitestOut = path.join(results, 'vitest.json');
const vitestRetriedOut = path.join(results, 'vitest-retried.json');
const playwrightOut = path.join(results, 'playwright.json');
const checks: Step[] = [
  { label: 'type-check (tsc --noEmit)', command: bin('tsc'), args: ['--noEmit'] },
  { label: 'HTML validity of the built pages (Nu HTML Checker)', command: 'npm', args: ['run', '--silent', 'check:html'] },
];
const vitest: Step = {
  label: 'unit and integration tests (vitest)',
  command: bin('vitest'),
  args: ['run', '--reporter=default', '--reporter=json', '--reporter=./scripts/vitest-retried-reporter.ts', `--outputFile.json=${vitestOut}`],
  env: { VITEST_RETRIED_OUTPUT: vitestRetriedOut },
};
const playwright: Step = {
  label: 'browser tests (playwright, chromium)',
  command: bin('playwright'),
  args: ['test'],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightOut },
};

let vitestOk: boolean;
let playwrightOk: boolean;
if (oneLane) {
  await lane(checks, true);
  vitestOk = await run(vitest, true);
  playwrightOk = await run(playwright, true);
} else {
  const secondLane = (async () => {
    await lane(checks, false);
    return run(vitest, false);
  })();
  [playwrightOk, vitestOk] = await Promise.all([run(playwright, true), secondLane]);
}
addVitest(tally, readJson<VitestReport>(vitestOut), vitestOk, (file) => path.relative(root, file));
addRetried(tally, readJson<RetriedTest[]>(vitestRetriedOut) ?? [], (file) => path.relative(root, file));
addPlaywright(tally, readJson<PlaywrightReport>(playwrightOut), playwrightOk);

console.log(`\nall steps took ${seconds(started)} s`);
console.log(closingLines(tally).join('\n'));
process.exit(tally.failed > 0 ? 1 : 0);
