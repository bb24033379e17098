import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ping } from 'minecraft-protocol';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConsoleEvent } from '../../../server/panel/driver.ts';
import { announceDemoServer, ensureDemoServer } from '../../../server/panel/local/demo.ts';
import { createLocalDriver } from '../../../server/panel/local/local-driver.ts';
import { loadServersFile } from '../../../server/panel/local/servers-file.ts';
import { freePort } from '../../helpers/free-port.ts';
import { until, waitFor } from '../../helpers/until.ts';

/** The local addresses of the sockets listening on a TCP port, from /proc/net/tcp and tcp6. */
function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue;
      const [hex, portHex] = local.split(':');
      if (parseInt(portHex!, 16) !== port) continue;
      if (hex!.length === 8)
        found.push(
          hex!
            .match(/../g)!
            .reverse()
            .map((b) => parseInt(b, 16))
            .join('.'),
        );
      else found.push(hex === '0'.repeat(32) ? '::' : `ipv6:${hex}`);
    }
  }
  return found;
}

/**
 * The server id the demo runs under here. Run as root, a local server runs as
 * hostfront-<install>-<id> and its stop ends every process of that user: under the demo's own id,
 * this test would end the demo of a site running from this checkout (the same install, ./data).
 */
const demoIdUnderTest = 'demo-under-test';

/** The demo server written into `dir` on a free port, under a local driver whose console is followed. */
async function demoUnderDriver(dir: string) {
  const port = await freePort();
  const demo = await ensureDemoServer(dir, port, '127.0.0.1');
  const servers = loadServersFile(demo.serversFile).map((server) => ({ ...server, id: demoIdUnderTest }));
  const driver = createLocalDriver({ servers, log: { info() {}, warn() {} }, statsIntervalMs: 1000 });
  const credentials = { serverId: demoIdUnderTest, key: demo.key };
  const events: ConsoleEvent[] = [];
  await driver.console(credentials, (event) => events.push(event));
  return { port, driver, credentials, lines: () => events.flatMap((e) => (e.type === 'line' ? [e.text] : [])) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-demo-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the demo Minecraft server', () => {
  it('is written once with a generated key, and kept across starts', async () => {
    const first = await ensureDemoServer(dataDir, 25565, '127.0.0.1');
    expect(first.serverId).toBe('demo');
    expect(first.created).toBe(true);
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(fs.readFileSync(first.keyFile, 'utf8')).toContain(`key=${first.key}`);
    expect(fs.statSync(first.keyFile).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(first.serversFile, 'utf8');
    expect(text).not.toContain(first.key);
    const again = await ensureDemoServer(dataDir, 25565, '127.0.0.1');
    expect(again.key).toBe(first.key);
    expect(again.created).toBe(false);
    expect(fs.readFileSync(first.serversFile, 'utf8')).toBe(text);
    // A new port rewrites the file, same key.
    const moved = await ensureDemoServer(dataDir, 25570, '127.0.0.1');
    expect(moved.key).toBe(first.key);
    expect(loadServersFile(moved.serversFile)[0]!.env).toEqual({ DEMO_MC_PORT: '25570', DEMO_MC_HOST: '127.0.0.1', DEMO_MC_VERSION: '1.21.4' });
  });

  it('listens where the site does unless told otherwise', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-demo-host-'));
    try {
      expect(loadServersFile((await ensureDemoServer(dir, 25565, '127.0.0.1')).serversFile)[0]!.env.DEMO_MC_HOST).toBe('127.0.0.1');
      expect(loadServersFile((await ensureDemoServer(dir, 25565, '::1')).serversFile)[0]!.env.DEMO_MC_HOST).toBe('::1');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows its key in the log once, when it is created; later starts say only where the key is', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-demo-log-'));
    const messages: string[] = [];
    const log = { info: (obj: object, msg: string) => messages.push(`${JSON.stringify(obj)} ${msg}`) };
    try {
      const first = await ensureDemoServer(dir, 25565, '127.0.0.1');
      announceDemoServer(first, 25565, log);
      expect(messages[0]).toContain(first.key);
      expect(messages[0]).toContain(first.keyFile);
      for (let start = 0; start < 2; start++) {
        const later = await ensureDemoServer(dir, 25565, '127.0.0.1');
        announceDemoServer(later, 25565, log);
      }
      for (const message of messages.slice(1)) {
        expect(message).not.toContain(first.key);
        expect(message).toContain(first.keyFile);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs a real Minecraft server that answers a status ping, light on CPU and memory, and stops on `stop`', async () => {
    const { port, driver, credentials, lines } = await demoUnderDriver(dataDir);
    try {
      await driver.power(credentials, 'start');
      const started = await until(
        () => driver.getServer(credentials),
        (s) => s.state === 'running' || s.state === 'offline',
        'the demo to start',
        {
          timeoutMs: 60_000,
          everyMs: 200,
          context: () => lines().join('\n'),
        },
      );
      expect(started.state, lines().join('\n')).toBe('running');
      expect(lines().some((l) => /Server listening on port \d+/.test(l))).toBe(true);

      const status = (await ping({ host: '127.0.0.1', port })) as { version: { name: string }; description: unknown; players: { max: number } };
      expect(status.version.name).toMatch(/^1\.\d+/);
      expect(JSON.stringify(status.description)).toContain('Hostfront demo server');
      expect(status.players.max).toBe(10);
      // Listening on 127.0.0.1 only, as the site does, not on every interface.
      expect(listeningAddresses(port)).toEqual(['127.0.0.1']);

      // Once settled after its start, a small flat world sits well under a core and a few hundred MB.
      const resources = await until(
        () => driver.getResources(credentials),
        (r) => r.cpu.current < 60,
        'the demo to settle under 60 % of a core within 10 s',
        { timeoutMs: 10_000, everyMs: 200 },
      );
      expect(resources.memory.current).toBeGreaterThan(30 * 1024 * 1024);
      expect(resources.memory.current).toBeLessThan(400 * 1024 * 1024);
      expect(resources.cpu.current).toBeLessThan(60);

      await driver.power(credentials, 'stop');
      await until(
        () => driver.getServer(credentials),
        (s) => s.state === 'offline',
        'the demo to stop',
        { timeoutMs: 20_000, everyMs: 200 },
      );
      expect(lines().at(-1)).toMatch(/Server stopped \(exit code 0\)/);
    } finally {
      await driver.close();
    }
  }, 90_000);

  it("starts again on the world it wrote with nothing from Node in the customer's console (no deprecation warning)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-demo-again-'));
    const { driver, credentials, lines } = await demoUnderDriver(dir);
    const seen = (what: string, done: () => Promise<boolean> | boolean) =>
      waitFor(done, what, { timeoutMs: 60_000, everyMs: 200, context: () => lines().join('\n') });
    const seeds = () => lines().filter((l) => l.includes('World seed')).length;
    try {
      // The first start writes the world; the second reads its level.dat back (where Node warned).
      for (const start of [1, 2]) {
        await driver.power(credentials, 'start');
        await seen(`start ${start}: its world seed`, () => seeds() === start);
        await driver.power(credentials, 'stop');
        await seen(`start ${start}: to stop`, async () => (await driver.getServer(credentials)).state === 'offline');
      }
      expect(lines().filter((l) => /DeprecationWarning|\(node:\d+\)|--trace-deprecation/.test(l))).toEqual([]);
    } finally {
      await driver.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
