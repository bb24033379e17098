import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOptions, AgentOptionsError } from '../../server/agent/agent-options.ts';
import { until } from '../helpers/until.ts';

const root = path.resolve(import.meta.dirname, '../..');
const token = 'hfp_secret-token-0123456789abcdef';
const site = ['--site', 'http://127.0.0.1:1', '--location', 'singapore'];

/** A token file as deploy.md has it: owner-only. */
function tokenFile(mode = 0o600): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'agent-token-')), 'token');
  writeFileSync(file, `${token}\n`);
  chmodSync(file, mode);
  return file;
}

describe("the probe agent's token never rides on its command line", () => {
  it('refuses --token and says what to use instead', () => {
    expect(() => agentOptions([...site, '--token', token], {})).toThrow(AgentOptionsError);
    expect(() => agentOptions([...site, '--token', token], {})).toThrow(/--token is not taken.*ps.*--token-file FILE \(PROBE_TOKEN_FILE\), or set PROBE_TOKEN/);
  });

  it('reads it from PROBE_TOKEN_FILE or --token-file (trimmed), or PROBE_TOKEN', () => {
    const file = tokenFile();
    expect(agentOptions(site, { PROBE_TOKEN_FILE: file }).token).toBe(token);
    expect(agentOptions([...site, '--token-file', file], {}).token).toBe(token);
    expect(agentOptions(site, { PROBE_TOKEN: token }).token).toBe(token);
  });

  it('refuses a token file others can read, and one that is missing, naming it', () => {
    const open = tokenFile(0o644);
    expect(() => agentOptions(site, { PROBE_TOKEN_FILE: open })).toThrow(`${open} can be read by others: chmod 600 ${open}`);
    expect(() => agentOptions(site, { PROBE_TOKEN_FILE: '/nonexistent/token' })).toThrow('/nonexistent/token cannot be read (ENOENT)');
    expect(() => agentOptions(site, {})).toThrow(/the token is required: --token-file FILE \(PROBE_TOKEN_FILE\) or PROBE_TOKEN/);
  });

  describe('a running agent', () => {
    let receiver: http.Server;
    const seen: string[] = [];
    beforeAll(async () => {
      receiver = http.createServer((request, response) => {
        seen.push(request.headers.authorization ?? '');
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ location: 'singapore', siteOrigin: 'http://x', monitors: [] }));
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise((resolve) => receiver.close(resolve)));

    it("sends the file's token to the site, and neither ps nor its log shows it", async () => {
      const port = (receiver.address() as AddressInfo).port;
      const child = spawn(
        process.execPath,
        [path.join(root, 'server/agent/main.ts'), '--site', `http://127.0.0.1:${port}`, '--location', 'singapore', '--ping-port', '0'],
        { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), PROBE_TOKEN_FILE: tokenFile() }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let log = '';
      child.stdout.on('data', (c: Buffer) => (log += c.toString()));
      child.stderr.on('data', (c: Buffer) => (log += c.toString()));
      try {
        await until(
          async () => seen,
          (s) => s.length > 0,
          'the agent to ask the site for its monitors',
        );
        expect(seen[0]).toBe(`Bearer ${token}`);
        // What `ps` shows of the process: its arguments.
        const commandLine = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8');
        expect(commandLine).toContain('--location');
        expect(commandLine).not.toContain(token);
        expect(log).not.toContain(token);
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      expect(log).not.toContain(token);
    });
  });
});
