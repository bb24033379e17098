import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ChildHandle {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

function handle(child: ChildProcess): ChildHandle {
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT');
        child.kill('SIGTERM');
      }
      await exited;
    },
  };
}

/** `npm run agents -- ARGS` against a database, as an operator runs it: its output and exit code. */
export function runAgentsCli(databaseUrl: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [path.join(root, 'scripts/agents.ts'), ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** A probe agent process (`npm run probe-agent`), its ping endpoint on a free port; the token in PROBE_TOKEN, never an argument. */
export function startAgent(options: { site: string; location: string; token: string; pingPort?: number; env?: Record<string, string> }): ChildHandle {
  const args = ['--site', options.site, '--location', options.location, '--ping-port', String(options.pingPort ?? 0)];
  return handle(
    spawn(process.execPath, [path.join(root, 'server/agent/main.ts'), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PROBE_TOKEN: options.token, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

/** A TCP relay in its own process (test/fixtures/tcp-proxy.mjs) in front of a loopback port: stop it to cut a link. */
export async function startTcpProxy(targetPort: number): Promise<ChildHandle & { port: number }> {
  const child = spawn(process.execPath, [path.join(root, 'test/fixtures/tcp-proxy.mjs'), String(targetPort)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const h = handle(child);
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the proxy exited with ${code}`)));
  });
  return { ...h, port };
}
