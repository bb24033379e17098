import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/server/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // At least two files at once, even on two cores: most of a file's time is spent waiting on
    // child processes, databases and sockets, not on the CPU (on a 2-core machine the run went
    // from 576 s to 328 s). Vitest's own default would be one less than the cores.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 20_000,
    // One retry, as for the browser tests (playwright.config.ts): on a loaded 2-core machine a
    // test that waits on real processes and sockets now and then misses its time. A test that
    // passes only on its retry is named at the end of `npm test` (scripts/vitest-retried-reporter.ts);
    // one that fails twice fails the run.
    retry: 1,
    // After the run: the system users and folders of the tests' installs that are gone.
    globalSetup: ['test/global-teardown.ts'],
    hookTimeout: 30_000,
  },
});
