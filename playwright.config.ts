import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { e2eServerEnv, e2ePort } from './test/e2e/support/server-env.ts';

/** Debian's Chromium; Playwright never downloads a browser here. */
export const chromiumLaunch = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: path.join(os.tmpdir(), 'hostfront-playwright'),
  fullyParallel: false,
  workers: 2,
  // One retry, for a rare stall of headless Chromium (a page stops producing animation frames,
  // so an action waits for "stable" until the timeout). A test that passes only on its retry is
  // still listed by name in the closing line of `npm test`; one that fails twice fails the run.
  retries: 1,
  // After the run: the system users and folders of the tests' installs that are gone.
  globalTeardown: './test/e2e/global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    launchOptions: chromiumLaunch,
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch }, testIgnore: /\.mobile\.spec\.ts$/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch }, testMatch: /\.mobile\.spec\.ts$/ },
  ],
  webServer: {
    command: 'node server/server.ts',
    url: `http://127.0.0.1:${e2ePort}/api/health`,
    env: e2eServerEnv,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
