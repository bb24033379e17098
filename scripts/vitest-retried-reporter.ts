// A Vitest reporter beside the default and JSON ones (scripts/test.ts): it writes, to the file
// named by VITEST_RETRIED_OUTPUT, the tests that failed and then passed on their retry
// (vitest.config.ts), so the test command names them at the end of its output. The JSON report
// says only "passed" for those.
import fs from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

export default class RetriedReporter implements Reporter {
  private readonly retried: { file: string; name: string }[] = [];

  onTestCaseResult(testCase: TestCase): void {
    if (testCase.diagnostic()?.flaky) this.retried.push({ file: testCase.module.moduleId, name: testCase.fullName });
  }

  onTestRunEnd(): void {
    const out = process.env.VITEST_RETRIED_OUTPUT;
    if (out) fs.writeFileSync(out, JSON.stringify(this.retried));
  }
}
