// The closing line of `npm test`, counted from the runners' JSON reports and the steps around
// them so that nothing can hide a failure (docs/decisions.md 83): a test file that failed outside
// its tests (an import that throws, a beforeAll that throws) and a step that failed (type-check,
// lint, build, a runner that wrote no report) each count as one failed; skipped tests are counted
// and named by file.

/** What Vitest's JSON reporter writes (the parts read here). */
export interface VitestReport {
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { title: string; fullName?: string; status: string }[];
  }[];
}

/** What Playwright's JSON reporter writes (the parts read here). */
export interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file?: string; tests: { projectName: string; status: string }[] }[];
}
export interface PlaywrightReport {
  suites: PlaywrightSuite[];
  errors?: { message?: string }[];
}

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  /** Failures that belong to no test: steps, files that failed outside their tests, runner errors. */
  failuresOutsideTests: string[];
  /** Skipped tests, by file: "file: test title" lines. */
  skippedTests: string[];
  /** Tests that passed only on their retry (browser tests and Vitest's alike). */
  flaky: string[];
  /** Tests that failed, by file: "file: test title" lines, so the end of the output names them. */
  failedTests: string[];
}

export function emptyTally(): Tally {
  return { passed: 0, failed: 0, skipped: 0, failuresOutsideTests: [], skippedTests: [], flaky: [], failedTests: [] };
}

const skippedStates = new Set(['skipped', 'pending', 'todo', 'disabled']);

/** A step (type-check, lint, build...) that failed counts as one failed. */
export function addFailedStep(tally: Tally, step: string): void {
  tally.failed += 1;
  tally.failuresOutsideTests.push(`step failed: ${step}`);
}

/**
 * Vitest's report: passed and failed tests, skipped ones named, and a file whose status is
 * failed with no failed test counted as one failed (its tests may be reported as skipped, or
 * not at all). No report at all, or a runner that failed with nothing failed in its report,
 * counts as a failed step.
 */
export function addVitest(tally: Tally, report: VitestReport | undefined, runnerOk: boolean, relative: (file: string) => string = (f) => f): void {
  if (!report) {
    addFailedStep(tally, runnerOk ? 'vitest wrote no report' : 'vitest (no report)');
    return;
  }
  let failedHere = 0;
  for (const file of report.testResults) {
    let failedInFile = 0;
    for (const test of file.assertionResults) {
      if (test.status === 'passed') tally.passed += 1;
      else if (test.status === 'failed') {
        failedInFile += 1;
        tally.failedTests.push(`${relative(file.name)}: ${test.fullName ?? test.title}`);
      } else if (skippedStates.has(test.status)) {
        tally.skipped += 1;
        tally.skippedTests.push(`${relative(file.name)}: ${test.fullName ?? test.title}`);
      }
    }
    if (failedInFile === 0 && file.status === 'failed') {
      failedInFile = 1;
      const why = (file.message ?? '').split('\n')[0]?.trim();
      tally.failuresOutsideTests.push(`${relative(file.name)} failed outside its tests${why ? `: ${why}` : ' (a hook threw)'}`);
    }
    failedHere += failedInFile;
  }
  tally.failed += failedHere;
  if (!runnerOk && failedHere === 0) addFailedStep(tally, 'vitest exited with an error and no failed test');
}

/** A test Vitest ran again after a failure and that then passed (scripts/vitest-retried-reporter.ts). */
export interface RetriedTest {
  file: string;
  name: string;
}

/** Vitest's tests that passed only on their retry: counted as passed already, and named. */
export function addRetried(tally: Tally, retried: RetriedTest[], relative: (file: string) => string = (f) => f): void {
  for (const test of retried) tally.flaky.push(`${relative(test.file)}: ${test.name}`);
}

/**
 * Playwright's report: a test counts by its final status (flaky is passed, and named), skipped
 * ones are named, and errors outside tests (a config or webServer failure) count as failed.
 */
export function addPlaywright(tally: Tally, report: PlaywrightReport | undefined, runnerOk: boolean): void {
  if (!report) {
    addFailedStep(tally, runnerOk ? 'playwright wrote no report' : 'playwright (no report)');
    return;
  }
  let failedHere = 0;
  const walk = (suite: PlaywrightSuite, trail: string[], file: string | undefined): void => {
    const here = suite.title && suite.title !== suite.file ? [...trail, suite.title] : trail;
    const fileHere = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const name = `[${test.projectName}] ${[...here, spec.title].join(' › ')}`;
        if (test.status === 'expected') tally.passed += 1;
        else if (test.status === 'flaky') {
          tally.passed += 1;
          tally.flaky.push(name);
        } else if (test.status === 'skipped') {
          tally.skipped += 1;
          tally.skippedTests.push(`${spec.file ?? fileHere ?? '?'}: ${name}`);
        } else {
          failedHere += 1;
          tally.failedTests.push(`${spec.file ?? fileHere ?? '?'}: ${name}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, here, fileHere);
  };
  for (const suite of report.suites) walk(suite, [], undefined);
  for (const error of report.errors ?? []) {
    failedHere += 1;
    tally.failuresOutsideTests.push(`playwright: ${(error.message ?? 'an error outside any test').split('\n')[0]}`);
  }
  tally.failed += failedHere;
  if (!runnerOk && failedHere === 0) addFailedStep(tally, 'playwright exited with an error and no failed test');
}

/**
 * The lines printed at the end: the tests that failed, what failed outside tests, what was
 * skipped, what passed only on retry, then the closing line.
 */
export function closingLines(tally: Tally): string[] {
  const lines: string[] = [];
  if (tally.failedTests.length) lines.push('', `failed tests (${tally.failedTests.length}):`, ...tally.failedTests.map((line) => `  ${line}`));
  if (tally.failuresOutsideTests.length) lines.push('', 'failed outside any test:', ...tally.failuresOutsideTests.map((line) => `  ${line}`));
  if (tally.skippedTests.length) lines.push('', `skipped tests (${tally.skippedTests.length}):`, ...tally.skippedTests.map((line) => `  ${line}`));
  if (tally.flaky.length) lines.push('', `tests that passed only on their retry (${tally.flaky.length}):`, ...tally.flaky.map((line) => `  ${line}`));
  lines.push('', `${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
  return lines;
}
