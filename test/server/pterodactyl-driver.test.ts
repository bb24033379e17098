import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameServerDriver, PowerSignal } from '../../server/panel/driver.ts';
import { createPterodactylDriver } from '../../server/panel/pterodactyl/pterodactyl-driver.ts';
import { startFakePterodactyl, type FakePterodactyl } from '../fakes/fake-pterodactyl.ts';
import { freePort } from '../helpers/free-port.ts';
import { failure } from '../helpers/http-failure.ts';
import { waitFor } from '../helpers/until.ts';

/** Contract tests of the Pterodactyl / Pelican driver's HTTP side against the fake panel. */

const MiB = 1024 * 1024;

function seen(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  return waitFor(check, 'the condition', { timeoutMs, everyMs: 10 });
}

let panel: FakePterodactyl;
let driver: GameServerDriver;
let owner: { serverId: string; key: string };

beforeEach(async () => {
  panel = await startFakePterodactyl();
  driver = createPterodactylDriver({ panelUrl: panel.url });
  owner = { serverId: panel.serverId, key: panel.keys.client };
});

afterEach(async () => {
  await driver.close();
  await panel.close();
});

describe('requests to the panel', () => {
  it('carry the key as Bearer and Accept: application/json, and nothing a browser would add', async () => {
    await driver.getServer(owner);
    panel.setState(panel.serverId, { state: 'running' });
    await driver.power(owner, 'restart');
    await driver.sendCommand(owner, 'say hello');
    expect(panel.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        `GET /api/client/servers/${panel.serverId}`,
        `GET /api/client/servers/${panel.serverId}/resources`,
        `POST /api/client/servers/${panel.serverId}/power`,
        `POST /api/client/servers/${panel.serverId}/command`,
      ]),
    );
    for (const request of panel.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${panel.keys.client}`);
      expect(request.headers.accept).toBe('application/json');
      expect(request.headers.origin).toBeUndefined();
      expect(request.headers.referer).toBeUndefined();
      expect(request.headers.cookie).toBeUndefined();
    }
    const bodies = panel.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body) as unknown);
    expect(bodies).toEqual([{ signal: 'restart' }, { command: 'say hello' }]);
  });

  it('also serves Pelican client keys (pacc_)', async () => {
    const server = await driver.getServer({ serverId: panel.serverId, key: panel.keys.pelicanClient });
    expect(server.name).toBe('Survival SMP');
  });

  it('accepts the server UUID as well as the identifier', async () => {
    const server = await driver.getServer({ serverId: panel.serverUuid, key: panel.keys.client });
    expect(server.id).toBe(panel.serverId);
  });
});

describe('server details and resources', () => {
  it('maps the server: name, description, status, limits in MiB and the power state', async () => {
    expect(await driver.getServer(owner)).toEqual({
      id: panel.serverId,
      name: 'Survival SMP',
      description: 'A fake Minecraft server on the fake panel',
      status: null,
      limits: { memory: 4096, disk: 20480, cpu: 200 },
      state: 'offline',
    });
    // Two calls in parallel: the server, and its resources for the power state.
    expect(panel.requests.map((r) => r.path).sort()).toEqual([`/api/client/servers/${panel.serverId}`, `/api/client/servers/${panel.serverId}/resources`]);
    panel.setState(panel.serverId, { state: 'running' });
    expect((await driver.getServer(owner)).state).toBe('running');
  });

  it('maps resources: limits MiB → bytes, cpu in percent of one core, 0 = unlimited, uptime', async () => {
    panel.setState(panel.serverId, {
      state: 'running',
      resources: { memory_bytes: 1536 * MiB, cpu_absolute: 87.25, disk_bytes: 3 * 1024 * MiB },
      limits: { cpu: 0 },
    });
    // Started a minute ago as the fake panel counts it, rather than waiting for uptime to pass.
    panel.server(panel.serverId).startedAt = Date.now() - 60_000;
    const resources = await driver.getResources(owner);
    expect(resources).toMatchObject({
      state: 'running',
      cpu: { current: 87.25, limit: 0 },
      memory: { current: 1536 * MiB, limit: 4096 * MiB },
      disk: { current: 3 * 1024 * MiB, limit: 20480 * MiB },
    });
    expect(resources.uptime).toBeGreaterThanOrEqual(60_000);

    panel.setState(panel.serverId, { state: 'offline' });
    const offline = await driver.getResources(owner);
    expect(offline).toMatchObject({ state: 'offline', cpu: { current: 0 }, memory: { current: 0 }, uptime: 0 });
  });

  it('still shows a suspended or installing server, with its status and as offline', async () => {
    panel.setState(panel.serverId, { suspended: true });
    expect(await driver.getServer(owner)).toMatchObject({ status: 'suspended', state: 'offline' });
    panel.setState(panel.serverId, { suspended: false, installing: true });
    expect(await driver.getServer(owner)).toMatchObject({ status: 'installing', state: 'offline' });
  });
});

describe('power and commands', () => {
  it('starts and stops the server through /power', async () => {
    await driver.power(owner, 'start');
    await seen(() => panel.server(panel.serverId).state === 'running');
    expect((await driver.getResources(owner)).state).toBe('running');
    await driver.power(owner, 'stop');
    await seen(() => panel.server(panel.serverId).state === 'offline');
    expect(panel.server(panel.serverId).powerSignals).toEqual(['start', 'stop']);
  });

  it('sends a command to a running server', async () => {
    panel.setState(panel.serverId, { state: 'running' });
    await driver.sendCommand(owner, 'time set day');
    expect(panel.server(panel.serverId).commands).toEqual(['time set day']);
  });

  it('answers 502 for a command while the server is offline', async () => {
    const error = await failure(driver.sendCommand(owner, 'list'));
    expect(error).toMatchObject({ statusCode: 502, code: 'server_offline' });
    expect(error.message).toMatch(/must be online/);
    expect(panel.server(panel.serverId).commands).toEqual([]);
  });

  it('passes the panel validation error on as 422 with the field', async () => {
    const error = await failure(driver.power(owner, 'explode' as PowerSignal));
    expect(error).toMatchObject({ statusCode: 422, code: 'invalid', fields: { signal: 'The selected signal is invalid.' } });
  });
});

describe('who may control a server', () => {
  it('answers 401 for a wrong key', async () => {
    const error = await failure(driver.getServer({ serverId: panel.serverId, key: 'ptlc_wrongwrongwrongwrongwrongwrongwrongwrongwrong' }));
    expect(error).toMatchObject({ statusCode: 401, code: 'invalid_credentials' });
  });

  it('answers an unknown server, or one the key may not access, exactly as a wrong key', async () => {
    const wrongKey = await failure(driver.getServer({ serverId: panel.serverId, key: 'ptlc_nope' }));
    const unknownServer = await failure(driver.getServer({ serverId: 'deadbeef', key: panel.keys.client }));
    const otherUsers = await failure(driver.getServer({ serverId: panel.serverId, key: panel.keys.otherUser }));
    const notAnId = await failure(driver.getServer({ serverId: '../../application/users', key: panel.keys.client }));
    const badKey = await failure(driver.getServer({ serverId: panel.serverId, key: 'ptlc_a\r\nX-Injected: 1' }));
    for (const error of [unknownServer, otherUsers, notAnId, badKey]) {
      expect({ status: error.statusCode, code: error.code, message: error.message }).toEqual({
        status: wrongKey.statusCode,
        code: wrongKey.code,
        message: wrongKey.message,
      });
    }
    // Ids that cannot exist and keys that cannot be sent never reach the panel.
    expect(panel.requests.some((r) => r.path.includes('application') || r.headers['x-injected'])).toBe(false);
  });

  it('explains that an application key (ptla_) is the wrong kind of key', async () => {
    const error = await failure(driver.getServer({ serverId: panel.serverId, key: panel.keys.application }));
    expect(error).toMatchObject({ statusCode: 401, code: 'wrong_key_type' });
    expect(error.message).toMatch(/client API key/);
  });

  it('answers 409 for a suspended, installing or transferring server', async () => {
    panel.setState(panel.serverId, { suspended: true });
    expect(await failure(driver.getResources(owner))).toMatchObject({ statusCode: 409, code: 'server_suspended' });
    expect(await failure(driver.power(owner, 'start'))).toMatchObject({ statusCode: 409, code: 'server_suspended' });
    panel.setState(panel.serverId, { suspended: false, installing: true });
    expect(await failure(driver.power(owner, 'start'))).toMatchObject({ statusCode: 409, code: 'server_installing' });
    panel.setState(panel.serverId, { installing: false, transferring: true });
    expect(await failure(driver.sendCommand(owner, 'list'))).toMatchObject({ statusCode: 409, code: 'server_transferring' });
    expect(panel.server(panel.serverId).powerSignals).toEqual([]);
  });
});

describe('rate limits', () => {
  it('waits out a short Retry-After and retries once', async () => {
    panel.throttle(1, 1);
    const started = Date.now();
    const resources = await driver.getResources(owner);
    expect(resources.state).toBe('offline');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(panel.requests.filter((r) => r.path.endsWith('/resources'))).toHaveLength(2);
  });

  it('answers 429 with Retry-After when the panel keeps refusing', async () => {
    panel.throttle(2, 1);
    const error = await failure(driver.power(owner, 'start'));
    expect(error).toMatchObject({ statusCode: 429, code: 'rate_limited', headers: { 'Retry-After': '1' } });
    expect(panel.requests.filter((r) => r.path.endsWith('/power'))).toHaveLength(2);
    expect(panel.server(panel.serverId).powerSignals).toEqual([]);
  });

  it('answers 429 at once when Retry-After is long, without waiting', async () => {
    panel.throttle(5, 42);
    const started = Date.now();
    const error = await failure(driver.sendCommand(owner, 'list'));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({ statusCode: 429, headers: { 'Retry-After': '42' } });
    expect(error.message).toMatch(/42 seconds/);
    expect(panel.requests.filter((r) => r.path.endsWith('/command'))).toHaveLength(1);
  });

  it('honours the panel’s own per-minute limit', async () => {
    panel.configure({ requestsPerMinute: 3 });
    await driver.power(owner, 'start');
    await driver.power(owner, 'kill');
    await driver.power(owner, 'kill');
    const error = await failure(driver.power(owner, 'start'));
    expect(error.statusCode).toBe(429);
    expect(Number(error.headers?.['Retry-After'])).toBeGreaterThan(2);
  });
});

describe('an engine that cannot be reached', () => {
  it('answers 504 when Wings is down', async () => {
    panel.setState(panel.serverId, { wingsDown: true });
    expect(await failure(driver.getResources(owner))).toMatchObject({ statusCode: 504, code: 'node_unreachable' });
    expect(await failure(driver.power(owner, 'start'))).toMatchObject({ statusCode: 504, code: 'node_unreachable' });
    // The details still load, so the customer sees the server and that it is not reachable.
    expect(await driver.getServer(owner)).toMatchObject({ name: 'Survival SMP', state: 'offline' });
  });

  it('answers 504 when the panel is down', async () => {
    const closed = createPterodactylDriver({ panelUrl: `http://127.0.0.1:${await freePort()}` });
    const error = await failure(closed.getServer(owner));
    expect(error).toMatchObject({ statusCode: 504, code: 'panel_unreachable' });
    expect(error.message).not.toMatch(/127\.0\.0\.1/);
    await closed.close();
  });

  it('answers 504 when the panel does not answer in time', async () => {
    const impatient = createPterodactylDriver({ panelUrl: panel.url, timeoutMs: 150 });
    panel.setDelay(1000);
    const started = Date.now();
    const error = await failure(impatient.getResources(owner));
    expect(error).toMatchObject({ statusCode: 504, code: 'panel_timeout' });
    expect(Date.now() - started).toBeLessThan(900);
    await impatient.close();
  });

  it('answers 502 when PANEL_URL serves something that is not the panel API (a login redirect, an HTML page)', async () => {
    const site = http.createServer((req, res) => {
      if (req.url?.endsWith('/resources')) res.writeHead(302, { Location: '/auth/login' }).end();
      else res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Login</title>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const wrong = createPterodactylDriver({ panelUrl: `http://127.0.0.1:${(site.address() as AddressInfo).port}` });
    expect(await failure(wrong.getResources(owner))).toMatchObject({ statusCode: 502, code: 'panel_error' });
    await wrong.close();
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  });
});
