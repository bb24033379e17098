import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
} from '../../scripts/test-tally.ts';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'test/fixtures/tally');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

/** Runs a real runner on the fixtures and returns its JSON report and whether it exited 0. */
function runReport<T>(command: string, args: string[], env: Record<string, string> = {}): { report: T; ok: boolean } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-tally-'));
  const out = path.join(dir, 'report.json');
  const { status } = spawnSync(command, [...args.map((arg) => arg.replace('{out}', out))], {
    cwd: fixtures,
    env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    stdio: 'ignore',
  });
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as T;
  fs.rmSync(dir, { recursive: true, force: true });
  return { report, ok: status === 0 };
}

const last = (lines: string[]) => lines.at(-1);

describe("the test command's closing line", () => {
  it('counts a file that cannot load and a file whose beforeAll throws as failed, and names the skipped test', { timeout: 60_000 }, () => {
    const { report, ok } = runReport<VitestReport>(bin('vitest'), ['run', '--config', 'vitest.config.ts', '--reporter=json', '--outputFile.json={out}']);
    expect(ok).toBe(false);
    // Vitest itself counts no failed test here: the files failed outside their tests.
    expect(report.testResults.flatMap((file) => file.assertionResults).filter((test) => test.status === 'failed')).toHaveLength(0);
    const tally = emptyTally();
    addVitest(tally, report, ok, (file) => path.relative(fixtures, file));
    expect(tally.failed).toBe(2);
    expect(tally.passed).toBe(1);
    expect(tally.failuresOutsideTests.join('\n')).toMatch(/import-throws\.test\.ts failed outside its tests: .*this file cannot load/);
    expect(tally.failuresOutsideTests.join('\n')).toContain('hook-throws.test.ts failed outside its tests');
    expect(tally.skippedTests).toContain('hook-throws.test.ts: is skipped on purpose');
    expect(last(closingLines(tally))).toBe(`1 passed, 2 failed, ${tally.skipped} skipped`);
  });

  it("names Vitest's tests that passed only on their retry, counted as passed", { timeout: 60_000 }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-retried-'));
    const retriedOut = path.join(dir, 'retried.json');
    const reporter = path.join(root, 'scripts/vitest-retried-reporter.ts');
    const { report, ok } = runReport<VitestReport>(
      bin('vitest'),
      ['run', '--config', 'vitest.retry.config.ts', '--reporter=json', `--reporter=${reporter}`, '--outputFile.json={out}'],
      { VITEST_RETRIED_OUTPUT: retriedOut },
    );
    expect(ok).toBe(true);
    const tally = emptyTally();
    addVitest(tally, report, ok, (file) => path.relative(fixtures, file));
    addRetried(tally, JSON.parse(fs.readFileSync(retriedOut, 'utf8')) as RetriedTest[], (file) => path.relative(fixtures, file));
    fs.rmSync(dir, { recursive: true, force: true });
    const lines = closingLines(tally);
    expect(last(lines)).toBe('2 passed, 0 failed, 0 skipped');
    expect(lines).toContain('tests that passed only on their retry (1):');
    expect(lines).toContain('  retried.retry.ts: passes on its retry');
  });

  it('counts browser tests by their final state and names the skipped ones', { timeout: 60_000 }, () => {
    const { report, ok } = runReport<PlaywrightReport>(bin('playwright'), ['test', '--config', 'playwright.config.ts']);
    expect(ok).toBe(false);
    const tally = emptyTally();
    addPlaywright(tally, report, ok);
    const lines = closingLines(tally);
    expect(last(lines)).toBe('1 passed, 1 failed, 1 skipped');
    expect(tally.skippedTests).toEqual(['mixed.spec.ts: [] is skipped on purpose']);
    // The failed test is named at the end, where a CI log's tail shows it.
    expect(lines).toContain('  mixed.spec.ts: [] fails');
  });

  it('counts a failed step (type-check, lint, build) and a runner that wrote no report as failed', () => {
    const tally = emptyTally();
    addFailedStep(tally, 'type-check (tsc --noEmit)');
    addVitest(tally, undefined, false);
    addPlaywright(tally, { suites: [], errors: [{ message: 'Process from config.webServer exited early.' }] }, false);
    const lines = closingLines(tally);
    expect(last(lines)).toBe('0 passed, 3 failed, 0 skipped');
    expect(lines).toContain('  step failed: type-check (tsc --noEmit)');
    expect(lines).toContain('  playwright: Process from config.webServer exited early.');
  });

  it('reads "0 failed" only when every step and every file passed', () => {
    const tally = emptyTally();
    addVitest(tally, { testResults: [{ name: 'a.test.ts', status: 'passed', assertionResults: [{ title: 'works', status: 'passed' }] }] }, true);
    expect(last(closingLines(tally))).toBe('1 passed, 0 failed, 0 skipped');
    addVitest(tally, { testResults: [] }, false);
    expect(last(closingLines(tally))).toBe('1 passed, 1 failed, 0 skipped');
  });

  it('names each failed test at the end, by file', () => {
    const tally = emptyTally();
    addVitest(
      tally,
      {
        testResults: [{ name: 'b.test.ts', status: 'failed', assertionResults: [{ title: 'keeps time', fullName: 'the clock keeps time', status: 'failed' }] }],
      },
      false,
    );
    const lines = closingLines(tally);
    expect(lines.slice(0, 3)).toEqual(['', 'failed tests (1):', '  b.test.ts: the clock keeps time']);
    expect(last(lines)).toBe('0 passed, 1 failed, 0 skipped');
  });
});
