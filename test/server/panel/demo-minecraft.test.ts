import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ping } from 'minecraft-protocol';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConsoleEvent } from '../../../server/panel/driver.ts';
import { ensureDemoServer } from '../../../server/panel/local/demo.ts';
import { createLocalDriver } from '../../../server/panel/local/local-driver.ts';
import { loadServersFile } from '../../../server/panel/local/servers-file.ts';
import { freePort } from '../../helpers/free-port.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-demo-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the demo Minecraft server', () => {
  it('is written once with a generated key, and kept across starts', async () => {
    const first = await ensureDemoServer(dataDir, 25565);
    expect(first.serverId).toBe('demo');
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(fs.readFileSync(first.keyFile, 'utf8')).toContain(`key=${first.key}`);
    expect(fs.statSync(first.keyFile).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(first.serversFile, 'utf8');
    expect(text).not.toContain(first.key);
    const again = await ensureDemoServer(dataDir, 25565);
    expect(again.key).toBe(first.key);
    expect(fs.readFileSync(first.serversFile, 'utf8')).toBe(text);
    // A new port rewrites the file, same key.
    const moved = await ensureDemoServer(dataDir, 25570);
    expect(moved.key).toBe(first.key);
    expect(loadServersFile(moved.serversFile)[0]!.env).toEqual({ DEMO_MC_PORT: '25570' });
  });

  it('runs a real Minecraft server that answers a status ping, light on CPU and memory, and stops on `stop`', async () => {
    const port = await freePort();
    const demo = await ensureDemoServer(dataDir, port);
    const driver = createLocalDriver({ servers: loadServersFile(demo.serversFile), log: { info() {}, warn() {} }, statsIntervalMs: 1000 });
    const credentials = { serverId: demo.serverId, key: demo.key };
    const events: ConsoleEvent[] = [];
    const lines = () => events.flatMap((e) => (e.type === 'line' ? [e.text] : []));
    await driver.console(credentials, (event) => events.push(event));
    try {
      await driver.power(credentials, 'start');
      const deadline = Date.now() + 60_000;
      while ((await driver.getServer(credentials)).state !== 'running') {
        if (Date.now() > deadline || (await driver.getServer(credentials)).state === 'offline') throw new Error(`demo did not start:\n${lines().join('\n')}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(lines().some((l) => /Server listening on port \d+/.test(l))).toBe(true);

      const status = (await ping({ host: '127.0.0.1', port })) as { version: { name: string }; description: unknown; players: { max: number } };
      expect(status.version.name).toMatch(/^1\.\d+/);
      expect(JSON.stringify(status.description)).toContain('Hostfront demo server');
      expect(status.players.max).toBe(10);

      // Settled: a small flat world should sit well under a core and a few hundred MB.
      await new Promise((r) => setTimeout(r, 3000));
      const resources = await driver.getResources(credentials);
      expect(resources.memory.current).toBeGreaterThan(30 * 1024 * 1024);
      expect(resources.memory.current).toBeLessThan(400 * 1024 * 1024);
      expect(resources.cpu.current).toBeLessThan(60);

      await driver.power(credentials, 'stop');
      const stopDeadline = Date.now() + 20_000;
      while ((await driver.getServer(credentials)).state !== 'offline' && Date.now() < stopDeadline) await new Promise((r) => setTimeout(r, 200));
      expect(lines().at(-1)).toMatch(/Server stopped \(exit code 0\)/);
    } finally {
      await driver.close();
    }
  }, 90_000);
});
