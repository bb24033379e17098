import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { prettyLogStream } from '../../server/lib/log-stream.ts';
import { freePort } from '../helpers/free-port.ts';

const root = path.resolve(import.meta.dirname, '../..');

function collector(): { stream: Writable; text(): string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

describe('log lines for people', () => {
  it('writes request lines in a few words and boxes the demo connect line', async () => {
    const out = collector();
    const pretty = await prettyLogStream({ destination: out.stream, colorize: false });
    const time = Date.now();
    pretty.write(
      `${JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', reqId: '0123456789abcdef', req: { method: 'GET', url: '/api/status' }, msg: 'incoming request' })}\n`,
    );
    pretty.write(
      `${JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', reqId: '0123456789abcdef', res: { statusCode: 200 }, responseTime: 1.234, msg: 'request completed' })}\n`,
    );
    pretty.write(
      `${JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', serverId: 'demo', msg: 'Demo Minecraft server: connect on /control-panel with Server ID "demo"' })}\n`,
    );
    pretty.write(`${JSON.stringify({ level: 40, time, pid: 1, hostname: 'h', msg: 'something to look at', file: 'x.json' })}\n`);
    const lines = out.text().split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[01234567\] → GET \/api\/status$/));
    expect(lines).toContainEqual(expect.stringMatching(/INFO: \[01234567\] ← 200 in 1\.2 ms$/));
    const demo = lines.findIndex((l) => l.startsWith('│ Demo Minecraft server: connect'));
    expect(lines[demo - 1]).toMatch(/^┌─+$/);
    expect(lines[demo + 1]).toMatch(/^└─+$/);
    expect(lines).toContainEqual(expect.stringMatching(/WARN: something to look at \{"file":"x\.json"\}$/));
    expect(out.text()).not.toContain('"pid"');
  });

  it('is what the server writes on a terminal, the demo line standing out on first start', async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-tty-'));
    const port = await freePort();
    // `script` gives the server a pseudo-terminal as stdout, as an operator's shell does.
    const child = spawn('script', ['-qfec', `${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(root, 'server/server.ts'))}`, '/dev/null'], {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        TERM: 'dumb',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DATABASE_URL: 'sqlite:./data/hostfront.db',
        DEMO_MC_PORT: String(await freePort()),
        MONITORS_FILE: path.join(root, 'test/fixtures/no-monitors.json'),
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const deadline = Date.now() + 30_000;
      while (!output.includes('Server listening') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 100));
      await fetch(`http://127.0.0.1:${port}/api/health`);
      // Until the server has logged the answer.
      await expect.poll(() => /INFO: \[[0-9a-f]{8}\] ← 200 in/.test(output), { timeout: 10_000 }).toBe(true);
      const lines = output.replace(/\r/g, '').split('\n');
      expect(lines).toContainEqual(expect.stringMatching(/INFO: Server listening at http:\/\/127\.0\.0\.1:\d+$/));
      expect(lines).toContainEqual(expect.stringMatching(/INFO: \[[0-9a-f]{8}\] ← 200 in [\d.]+ ms$/));
      const demo = lines.findIndex((l) => /^│ Demo Minecraft server.*connect/.test(l));
      expect(demo, output).toBeGreaterThan(0);
      expect(lines[demo - 1]).toMatch(/^┌─+$/);
      expect(output).not.toContain('{"level":');
    } finally {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
      await exited;
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });
});
