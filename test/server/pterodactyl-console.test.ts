import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ConsoleEvent, ConsoleSubscription, GameServerDriver } from '../../server/panel/driver.ts';
import { createPterodactylDriver } from '../../server/panel/pterodactyl/pterodactyl-driver.ts';
import { startFakePterodactyl, type FakePterodactyl } from '../fakes/fake-pterodactyl.ts';
import { failure } from '../helpers/http-failure.ts';
import { waitFor } from '../helpers/until.ts';

/** Contract tests of the driver's console: the Wings socket through the fake Wings. */

const MiB = 1024 * 1024;

function seen(check: () => boolean | Promise<boolean>, timeoutMs = 4000): Promise<void> {
  return waitFor(check, 'the condition', { timeoutMs, everyMs: 10 });
}

/** A viewer that records what the console sends it. */
function viewer() {
  const events: ConsoleEvent[] = [];
  return {
    events,
    onEvent: (event: ConsoleEvent) => events.push(event),
    lines: () => events.flatMap((e) => (e.type === 'line' ? [e.text] : [])),
    states: () => events.flatMap((e) => (e.type === 'state' ? [e.state] : [])),
    stats: () => events.flatMap((e) => (e.type === 'stats' ? [e.stats] : [])),
  };
}

let panel: FakePterodactyl;
let driver: GameServerDriver;
let owner: { serverId: string; key: string };
let subscriptions: ConsoleSubscription[];

const websocketRequests = () => panel.requests.filter((r) => r.path.endsWith('/websocket'));

beforeEach(async () => {
  panel = await startFakePterodactyl({ wings: { statsIntervalMs: 0 } });
  driver = createPterodactylDriver({ panelUrl: panel.url, maxConsoleBackoffMs: 200 });
  owner = { serverId: panel.serverId, key: panel.keys.client };
  subscriptions = [];
});

afterEach(async () => {
  for (const subscription of subscriptions) subscription.close();
  await driver.close();
  await panel.close();
});

async function open(credentials = owner) {
  const v = viewer();
  const subscription = await driver.console(credentials, v.onEvent);
  subscriptions.push(subscription);
  return { ...v, subscription };
}

describe('the Wings socket', () => {
  it('is refused by Wings (403) without the panel URL as Origin', async () => {
    const { data } = JSON.parse(
      await (
        await fetch(`${panel.url}/api/client/servers/${panel.serverId}/websocket`, {
          headers: { Authorization: `Bearer ${panel.keys.client}`, Accept: 'application/json' },
        })
      ).text(),
    ) as { data: { socket: string } };
    for (const origin of [undefined, 'https://evil.example', `${panel.url}/`]) {
      const status = await new Promise<number>((resolve) => {
        const ws = new WebSocket(data.socket, origin ? { origin } : {});
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('error', () => {});
      });
      expect(status).toBe(403);
    }
    expect(panel.wings.refusedUpgrades).toHaveLength(3);
  });

  it('is opened by the driver with Origin set to PANEL_URL exactly, and authenticated', async () => {
    await open();
    const [socket] = panel.wings.sockets();
    expect(socket).toMatchObject({ origin: panel.url, auths: 1, authenticated: true });
    await seen(() => socket!.received.length === 3);
    expect(socket!.received.map((f) => f.event)).toEqual(['auth', 'send logs', 'send stats']);
    expect(panel.wings.refusedUpgrades).toEqual([]);
    // The token came from the panel with the customer's key, like every other call.
    expect(websocketRequests()).toHaveLength(1);
    expect(websocketRequests()[0]!.headers.authorization).toBe(`Bearer ${panel.keys.client}`);
  });

  it('reports a refused upgrade (Origin mismatch: PANEL_URL differs from the panel’s own URL) as 502', async () => {
    const viaOtherName = createPterodactylDriver({ panelUrl: panel.url.replace('127.0.0.1', 'localhost') });
    const error = await failure(viaOtherName.console(owner, () => {}));
    expect(error).toMatchObject({ statusCode: 502, code: 'console_refused' });
    expect(panel.wings.refusedUpgrades[0]?.origin).toBe(panel.url.replace('127.0.0.1', 'localhost'));
    await viaOtherName.close();
  });

  it('answers like the HTTP calls for a wrong key or a suspended server', async () => {
    expect(await failure(driver.console({ serverId: panel.serverId, key: panel.keys.otherUser }, () => {}))).toMatchObject({
      statusCode: 401,
      code: 'invalid_credentials',
    });
    panel.setState(panel.serverId, { suspended: true });
    expect(await failure(driver.console(owner, () => {}))).toMatchObject({ statusCode: 409, code: 'server_suspended' });
    expect(panel.wings.sockets()).toEqual([]);
  });

  it('closes the socket when the last viewer closes', async () => {
    const { subscription } = await open();
    subscription.close();
    await seen(() => panel.wings.sockets().every((s) => !s.open));
  });
});

describe('console events', () => {
  it('relays recent lines first, then the state, stats and live lines', async () => {
    panel.setState(panel.serverId, { state: 'running', resources: { memory_bytes: 700 * MiB, cpu_absolute: 42.5 } });
    panel.consoleLines(panel.serverId, 'old line 1', '\u001b[33mold line 2\u001b[0m');
    const v = await open();
    await seen(() => v.lines().length >= 2 && v.stats().length >= 1);
    expect(v.lines()).toEqual(['old line 1', '\u001b[33mold line 2\u001b[0m']);
    expect(v.states()).toEqual(['running']);
    expect(v.stats()[0]).toMatchObject({
      state: 'running',
      cpu: { current: 42.5, limit: 200 },
      memory: { current: 700 * MiB, limit: 4096 * MiB },
      disk: { limit: 20480 * MiB },
    });
    expect(v.stats()[0]!.uptime).toBeGreaterThanOrEqual(0);

    panel.consoleLines(panel.serverId, 'a player joined');
    await seen(() => v.lines().includes('a player joined'));
  });

  it('relays power changes as state events with the game’s lines', async () => {
    const v = await open();
    await seen(() => v.states().length === 1);
    await driver.power(owner, 'start');
    await seen(() => v.states().at(-1) === 'running');
    expect(v.states()).toEqual(['offline', 'starting', 'running']);
    expect(v.lines().some((line) => line.includes('Done'))).toBe(true);
  });

  it('sends a command through the socket and relays its output', async () => {
    panel.setState(panel.serverId, { state: 'running' });
    const v = await open();
    await v.subscription.send('say hi');
    await seen(() => v.lines().includes('[Fake] Command received: say hi'));
    expect(panel.server(panel.serverId).commands).toEqual(['say hi']);
    expect(panel.wings.sockets()[0]!.received.at(-1)).toEqual({ event: 'send command', args: ['say hi'] });
  });

  it('refuses a command while the server is offline, as the HTTP call does', async () => {
    const v = await open();
    await seen(() => v.states().length === 1);
    expect(await failure(v.subscription.send('list'))).toMatchObject({ statusCode: 502, code: 'server_offline' });
  });

  it('gives a viewer who joins later the recent lines and state, over the same socket and token', async () => {
    panel.setState(panel.serverId, { state: 'running' });
    const first = await open();
    panel.consoleLines(panel.serverId, 'before the second viewer');
    await seen(() => first.lines().includes('before the second viewer'));
    const second = await open();
    expect(second.lines()).toEqual(first.lines());
    expect(second.states()).toEqual(['running']);
    panel.consoleLines(panel.serverId, 'for both');
    await seen(() => first.lines().includes('for both') && second.lines().includes('for both'));
    expect(panel.wings.sockets()).toHaveLength(1);
    expect(websocketRequests()).toHaveLength(1);
    // One viewer leaving keeps the socket for the other.
    first.subscription.close();
    panel.consoleLines(panel.serverId, 'still here');
    await seen(() => second.lines().includes('still here'));
    expect(first.lines()).not.toContain('still here');
  });

  it('stays within Pelican’s 5 token requests a minute with many viewers', async () => {
    panel.configure({ websocketTokensPerMinute: 5 });
    const viewers = await Promise.all(Array.from({ length: 20 }, () => open({ serverId: panel.serverId, key: panel.keys.pelicanClient })));
    panel.setState(panel.serverId, { state: 'running' });
    await seen(() => viewers.every((v) => v.states().at(-1) === 'running'));
    expect(websocketRequests()).toHaveLength(1);
  });
});

describe('tokens', () => {
  it('renews the token on `token expiring` and re-authenticates on the same socket', async () => {
    panel.setState(panel.serverId, { state: 'running' });
    const v = await open();
    panel.wings.tokenExpiring();
    await seen(() => panel.wings.sockets()[0]!.auths === 2);
    const [socket] = panel.wings.sockets();
    expect(panel.wings.sockets()).toHaveLength(1);
    expect(socket!.open).toBe(true);
    expect(new Set(socket!.tokens).size).toBe(2);
    expect(websocketRequests()).toHaveLength(2);
    panel.consoleLines(panel.serverId, 'after renewal');
    await seen(() => v.lines().includes('after renewal'));
  });

  it('renews short-lived tokens on time, before Wings expires them', async () => {
    panel.configure({ tokenTtlMs: 1000, tokenWarnMs: 800 });
    panel.setState(panel.serverId, { state: 'running' });
    const v = await open();
    // Fixed wait: the point is renewal over time: 1.6 s is well past the 1 s token lifetime, so a missed or late renewal would show.
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const [socket] = panel.wings.sockets();
    // Renewed at about 200 ms, 400 ms, 600 ms…: several times, never too late, on one socket.
    expect(socket!.auths).toBeGreaterThanOrEqual(3);
    expect(socket!.expiries).toBe(0);
    expect(socket!.authenticated).toBe(true);
    expect(panel.wings.sockets()).toHaveLength(1);
    panel.consoleLines(panel.serverId, 'still authenticated');
    await seen(() => v.lines().includes('still authenticated'));
  });

  it('fetches a new token after `jwt error` and carries on', async () => {
    panel.setState(panel.serverId, { state: 'running' });
    const v = await open();
    panel.wings.jwtError();
    await seen(() => websocketRequests().length === 2 && panel.wings.sockets()[0]!.authenticated);
    panel.consoleLines(panel.serverId, 'after jwt error');
    await seen(() => v.lines().includes('after jwt error'));
  });

  it('reconnects with a new token after Wings restarts', async () => {
    panel.setState(panel.serverId, { state: 'running' });
    const v = await open();
    panel.wings.restart();
    await seen(() => panel.wings.sockets().length === 2 && panel.wings.sockets()[1]!.authenticated);
    expect(panel.wings.sockets()[1]!.origin).toBe(panel.url);
    expect(websocketRequests()).toHaveLength(2);
    panel.consoleLines(panel.serverId, 'after restart');
    await seen(() => v.lines().includes('after restart'));
    // The recent lines are not replayed on a reconnect: the viewer saw them already.
    expect(panel.wings.sockets()[1]!.received.map((f) => f.event)).not.toContain('send logs');
  });

  it('keeps reconnecting while Wings is away, and comes back', async () => {
    panel.setState(panel.serverId, { state: 'running' });
    const v = await open();
    panel.setState(panel.serverId, { wingsDown: true });
    panel.wings.dropConnections();
    await seen(() => websocketRequests().length >= 4); // several attempts, each with a fresh token
    expect(panel.wings.sockets().filter((s) => s.open)).toEqual([]);
    panel.setState(panel.serverId, { wingsDown: false });
    await seen(() => panel.wings.sockets().length === 2 && panel.wings.sockets()[1]!.authenticated);
    panel.consoleLines(panel.serverId, 'after the drop');
    await seen(() => v.lines().includes('after the drop'));
  });

  it('stops and says why when the key is revoked', async () => {
    panel.setState(panel.serverId, { state: 'running' });
    const v = await open();
    // Revoked: the panel no longer knows the key, and Wings refuses the current token.
    panel.revokeKey(panel.keys.client);
    panel.wings.jwtError();
    await seen(() => v.lines().some((line) => line.startsWith('[Panel] Console disconnected')));
    expect(v.lines().at(-1)).toMatch(/server ID or access key is not correct/);
    await seen(() => panel.wings.sockets().every((s) => !s.open));
  });

  it('shrugs off Pelican’s `throttled`', async () => {
    panel.setState(panel.serverId, { state: 'running' });
    const v = await open();
    panel.wings.throttled();
    panel.consoleLines(panel.serverId, 'after throttled');
    await seen(() => v.lines().includes('after throttled'));
    expect(v.lines()).not.toContain('global');
  });
});

describe('the console log', () => {
  it('offers the open console`s lines (up to 5,000) for search and download, and nothing when no console is open', async () => {
    expect(await driver.consoleLog(owner)).toEqual([]);
    panel.setState(panel.serverId, { state: 'running' });
    const first = await open();
    await panel.flood(panel.serverId, 5200, 'log line');
    await seen(() => first.lines().includes('log line 5199'));
    const log = await driver.consoleLog(owner);
    expect(log).toHaveLength(5000);
    expect(log.at(-1)).toBe('log line 5199');
    expect(log[0]).toBe('log line 200');
    // Another key of the same server has its own console: this one's lines are not its.
    expect(await driver.consoleLog({ serverId: panel.serverId, key: panel.keys.pelicanClient })).toEqual([]);
  });
});
