import http from 'node:http';
import net from 'node:net';
import mc from 'minecraft-protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { freshMemory, nextMemory } from '../../server/status/monitor-state.ts';
import { probe, probeHttp, probeMinecraft, probeTcp } from '../../server/status/probes.ts';
import { freePort } from '../helpers/free-port.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function listenTcp(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.end());
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const close = (server: net.Server | http.Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

describe('TCP probe', () => {
  it('measures the connect time, fails while the listener is closed, and recovers when it reopens', async () => {
    const port = await freePort();
    let server = await listenTcp(port);
    const first = await probeTcp('127.0.0.1', port, 2000);
    expect(first.ok).toBe(true);
    expect(first.latency).toBeGreaterThanOrEqual(1);
    expect(first.latency).toBeLessThan(1000);

    await close(server);
    const closed = await probeTcp('127.0.0.1', port, 2000);
    expect(closed).toMatchObject({ ok: false, latency: 0 });
    expect(closed.error).toMatch(/ECONNREFUSED/);

    server = await listenTcp(port);
    cleanups.push(() => close(server));
    expect((await probe({ type: 'tcp', target: `127.0.0.1:${port}`, timeoutMs: 2000 })).ok).toBe(true);
  });

  it('reports no answer (latency 0) for an unreachable address, within the timeout', async () => {
    // TEST-NET-1 is never routed: the connect times out or is refused as unreachable.
    const started = Date.now();
    const result = await probeTcp('192.0.2.1', 9, 300);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(result.ok).toBe(false);
    expect(result.latency).toBe(0);
  });
});

describe('HTTP probe', () => {
  it('is up on 2xx and 3xx, reports time to first byte, and fails when the server slows past the timeout or errors', async () => {
    let mode: 'fast' | 'slow' | 'redirect' | 'error' = 'fast';
    const server = http.createServer((_request, response) => {
      if (mode === 'fast') response.end('ok');
      else if (mode === 'redirect') response.writeHead(302, { location: '/elsewhere' }).end();
      else if (mode === 'slow') setTimeout(() => response.end('late'), 400);
      else response.writeHead(503).end('down');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      server.closeAllConnections();
      await close(server);
    });
    const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/health`;
    const rules = { degradedAboveMs: 300, failuresBeforeDown: 3 };
    let memory = freshMemory;

    const fast = await probeHttp(url, 2000);
    expect(fast.ok).toBe(true);
    memory = nextMemory(memory, fast, rules);
    expect(memory.state).toBe('operational');

    mode = 'redirect';
    expect((await probeHttp(url, 2000)).ok).toBe(true);

    mode = 'slow';
    const slow = await probeHttp(url, 2000);
    expect(slow.ok).toBe(true);
    expect(slow.latency).toBeGreaterThanOrEqual(380);
    memory = nextMemory(memory, slow, rules);
    expect(memory.state).toBe('degraded');

    const timedOut = await probeHttp(url, 150);
    expect(timedOut).toMatchObject({ ok: false, latency: 0 });

    mode = 'error';
    const failures = [await probeHttp(url, 2000), await probeHttp(url, 2000), await probeHttp(url, 2000)];
    expect(failures.every((f) => !f.ok && f.latency === 0)).toBe(true);
    expect(failures[0]!.error).toBe('HTTP 503');
    for (const f of failures) memory = nextMemory(memory, f, rules);
    expect(memory.state).toBe('down');
  });
});

describe('Minecraft Server List Ping probe', () => {
  it('reads latency, players and version from a real Server List Ping responder', async () => {
    const port = await freePort();
    const server = mc.createServer({ port, host: '127.0.0.1', 'online-mode': false, version: '1.21.4', motd: 'Test', maxPlayers: 42 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    cleanups.push(async () => {
      server.close();
    });
    const result = await probeMinecraft('127.0.0.1', port, 5000);
    expect(result.ok).toBe(true);
    expect(result.latency).toBeGreaterThanOrEqual(1);
    expect(result.players).toEqual({ online: 0, max: 42 });
    expect(result.version).toBe('1.21.4');

    const viaTarget = await probe({ type: 'minecraft', target: `127.0.0.1:${port}`, timeoutMs: 5000 });
    expect(viaTarget.ok).toBe(true);
  });

  it('fails on a port with nothing listening, and on a TCP server that does not speak the protocol', async () => {
    const port = await freePort();
    expect(await probeMinecraft('127.0.0.1', port, 2000)).toMatchObject({ ok: false, latency: 0 });

    const silent = net.createServer(() => {}); // accepts, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const sockets = new Set<net.Socket>();
    silent.on('connection', (s) => sockets.add(s));
    cleanups.push(async () => {
      for (const s of sockets) s.destroy();
      await close(silent);
    });
    const started = Date.now();
    const result = await probeMinecraft('127.0.0.1', (silent.address() as net.AddressInfo).port, 400);
    expect(result).toMatchObject({ ok: false, latency: 0 });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
