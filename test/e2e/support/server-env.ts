import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The port of the server the browser tests share (started by Playwright's webServer). */
export const e2ePort = Number(process.env.E2E_PORT ?? 4410);
/** The fake Modrinth's port (test/fakes/modrinth-fake.ts), started by the spec that uses it (test/e2e/panel-mods.spec.ts). */
export const e2eModrinthPort = e2ePort + 2000;

// One fresh folder per run; workers inherit the variable from the main process.
process.env.HOSTFRONT_E2E_RUN ??= `${Date.now()}-${process.pid}`;
export const e2eRunDir = path.join(os.tmpdir(), `hostfront-e2e-${process.env.HOSTFRONT_E2E_RUN}`);

/**
 * The game servers' folders and the fixture program they run, where their users can reach them
 * when the tests run as root (they may not pass through this checkout, a clone under /root).
 */
const gameServersDir = path.join(e2eRunDir, 'game-servers');
fs.mkdirSync(gameServersDir, { recursive: true });
fs.chmodSync(e2eRunDir, 0o711);
fs.chmodSync(gameServersDir, 0o711);
fs.copyFileSync(path.resolve('test/fixtures/game-server.mjs'), path.join(gameServersDir, 'game-server.mjs'));
fs.chmodSync(path.join(gameServersDir, 'game-server.mjs'), 0o644);

/**
 * The environment of the shared browser-test server: its own SQLite file and data, quiet logs.
 * Capabilities add what their pages need (fixtures for game servers, monitors, webhooks).
 */
export const e2eServerEnv: Record<string, string> = {
  PORT: String(e2ePort),
  HOST: '127.0.0.1',
  DATABASE_URL: `sqlite:${path.join(e2eRunDir, 'hostfront.db')}`,
  SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
  LOG_LEVEL: 'warn',
  MONITORS_FILE: path.resolve('test/fixtures/no-monitors.json'),
  // Game servers test-mc and tools-mc (test/fixtures/game-server.mjs), key in test/e2e/panel.spec.ts.
  LOCAL_SERVERS_FILE: path.resolve('test/fixtures/panel-servers.json'),
  GAME_SERVERS_DIR: gameServersDir,
  MODRINTH_API_URL: `http://127.0.0.1:${e2eModrinthPort}/v2`,
};
