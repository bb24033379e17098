import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server-process.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('the server process', () => {
  it('starts on a fresh data folder, logs pino JSON with request ids, and shuts down cleanly on SIGTERM', async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-run-'));
    const server = await startServer({ LOG_LEVEL: 'info', DATABASE_URL: 'sqlite:./data/hostfront.db', SESSION_SECRET: '' }, { cwd });
    try {
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', db: 'ok' });
      expect(fs.existsSync(path.join(cwd, 'data', 'hostfront.db'))).toBe(true);
      expect(fs.existsSync(path.join(cwd, 'data', 'session-secret'))).toBe(true);
      const line = server
        .output()
        .split('\n')
        .find((l) => l.includes('"reqId"'));
      expect(line).toBeDefined();
      expect(JSON.parse(line!)).toMatchObject({ level: 30, reqId: expect.any(String) });
    } finally {
      expect(await server.stop()).toBe(0);
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });

  it("listens with a backlog for a rush: the kernel holds up to 4,096 connections (or net.core.somaxconn) until they are accepted, not Node's 511", async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-run-'));
    const server = await startServer({ DATABASE_URL: 'sqlite:./data/hostfront.db' }, { cwd });
    try {
      // ss shows a listening socket's backlog as its Send-Q.
      const listening = spawnSync('ss', ['-ltnH', `sport = :${server.port}`], { encoding: 'utf8' })
        .stdout.trim()
        .split(/\s+/);
      const somaxconn = Number(fs.readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
      expect(listening[0]).toBe('LISTEN');
      expect(Number(listening[2])).toBe(Math.min(4096, somaxconn));
    } finally {
      expect(await server.stop()).toBe(0);
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('refuses to start on a bad configuration, listing every problem', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'server/server.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: 'x', LOG_LEVEL: 'loud', SESSION_SECRET: 'x'.repeat(40) },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('LOG_LEVEL');
  });
});
