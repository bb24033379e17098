import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { FakeGameServers, type FakeKey, type FakeServer, type FakeServerPatch, type FakeServerSeed } from './fake-game-server.ts';
import { FakeTokens } from './fake-tokens.ts';
import { createPanelServer, type FakePanelBehaviour, type RecordedRequest } from './fake-panel-http.ts';
import { FakePanelAccounts } from './fake-panel-accounts.ts';
import { createWings, type FakeWingsBehaviour, type FakeWingsControl } from './fake-wings.ts';

/**
 * A fake Pterodactyl panel and a fake Wings node on 127.0.0.1, built to the documented shapes
 * (docs/pterodactyl.md), for the driver's contract tests, the API tests, the
 * `PANEL_DRIVER=pterodactyl` browser runs and the panel benchmark. Pterodactyl cannot run here;
 * everything else in those tests is real.
 *
 *   const panel = await startFakePterodactyl();
 *   // PANEL_URL = panel.url; connect with panel.serverId and panel.keys.client
 *   panel.setState(panel.serverId, { state: 'running' });
 *   await panel.close();
 */

/** The server every fake panel has unless the test seeds its own. */
export const fakeServer = {
  identifier: 'c0ffee42',
  uuid: 'c0ffee42-5e4f-4a1b-9c3d-2b7e6f8a9d10',
  name: 'Survival SMP',
  description: 'A fake Minecraft server on the fake panel',
  limits: { memory: 4096, disk: 20480, cpu: 200 },
} satisfies FakeServerSeed;

/** Keys every fake panel accepts unless the test brings its own. */
export const fakeKeys = {
  /** A Pterodactyl client key of the server's owner. */
  client: 'ptlc_Fk3yIdentifier01abcdefghijklmnopqrstuvwxyz012345',
  /** A Pelican client key of the same owner. */
  pelicanClient: 'pacc_Fk3yIdentifier02abcdefghijklmnopqrstuvwxyz012345',
  /** A valid client key of another user, who may not access the server (the panel answers 404). */
  otherUser: 'ptlc_Fk3yIdentifier03abcdefghijklmnopqrstuvwxyz012345',
  /** A subuser who may use the console and list files and backups, and nothing more. */
  readOnly: 'ptlc_Fk3yIdentifier05abcdefghijklmnopqrstuvwxyz012345',
  /** The provider's admin account's client key (PANEL_CLIENT_KEY): every server. */
  admin: 'ptlc_Fk3yAdminKey0006abcdefghijklmnopqrstuvwxyz012345',
  /** An application key: 403 on the client API. */
  application: 'ptla_Fk3yIdentifier04abcdefghijklmnopqrstuvwxyz012345',
} as const;

export interface FakePterodactylOptions {
  /** Panel port (0 or unset: a free one). */
  port?: number;
  wingsPort?: number;
  servers?: FakeServerSeed[];
  keys?: FakeKey[];
  /** How long start and stop take (ms); 50 by default. */
  startMs?: number;
  stopMs?: number;
  /** How long Wings takes to make and to restore a backup (ms); 50 by default. */
  backupMs?: number;
  restoreMs?: number;
  panel?: Partial<Omit<FakePanelBehaviour, 'throttle'>>;
  wings?: Partial<FakeWingsBehaviour>;
}

export interface FakePterodactyl {
  /** The panel's base URL (PANEL_URL), no trailing slash. */
  url: string;
  /** The Wings node's base URL (http://…; sockets are ws://…/api/servers/{uuid}/ws). */
  wingsUrl: string;
  /** The default server's identifier and UUID. */
  serverId: string;
  serverUuid: string;
  keys: typeof fakeKeys;
  /** Every HTTP request the panel received, oldest first (at most the last 10,000). */
  requests: RecordedRequest[];
  /** Changes a server: power state (announced on the console sockets), suspension, installation, Wings down, resources… */
  setState(serverId: string, patch: FakeServerPatch): void;
  /** The live server record (commands and power signals received, logs, state). */
  server(serverId: string): FakeServer;
  /** The next `count` requests get 429 with Retry-After `retryAfterSeconds`. */
  throttle(count: number, retryAfterSeconds: number): void;
  /** Delays every panel answer (0 to stop). */
  setDelay(ms: number): void;
  /** Deletes an API key, as its owner would in the panel: later calls with it get 401. */
  revokeKey(key: string): void;
  /** Changes the panel's rate limits and token lifetime. */
  configure(patch: Partial<Omit<FakePanelBehaviour, 'throttle'>> & Partial<FakeWingsBehaviour>): void;
  /** Console lines from the game, sent to every authenticated socket of the server. */
  consoleLines(serverId: string, ...lines: string[]): void;
  /**
   * Sends `count` console lines to the server's authenticated sockets as fast as they accept them
   * (each line is `${prefix} ${n}`); resolves when all are handed to the sockets.
   */
  flood(serverId: string, count: number, prefix?: string): Promise<void>;
  wings: FakeWingsControl;
  /** The panel's users, owners, subusers, locations and eggs (the application API and subusers). */
  accounts: FakePanelAccounts;
  close(): Promise<void>;
}

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function defaultKeys(): FakeKey[] {
  const owner = '6b1f2d3e-1111-4c5d-8e9f-0a1b2c3d4e5f';
  return [
    { key: fakeKeys.client, type: 'client', userUuid: owner, servers: '*' },
    { key: fakeKeys.pelicanClient, type: 'client', userUuid: owner, servers: '*' },
    { key: fakeKeys.otherUser, type: 'client', userUuid: '7c2e3f40-2222-4d6e-9fa0-1b2c3d4e5f60', servers: [] },
    { key: fakeKeys.application, type: 'application', userUuid: owner, servers: '*' },
    { key: fakeKeys.admin, type: 'client', userUuid: '9e4a5162-4444-4f80-b1c2-3d4e5f607182', servers: '*' },
    {
      key: fakeKeys.readOnly,
      type: 'client',
      userUuid: '8d3f4051-3333-4e7f-a0b1-2c3d4e5f6071',
      servers: '*',
      permissions: ['websocket.connect', 'control.console', 'file.read', 'backup.read'],
    },
  ];
}

export async function startFakePterodactyl(options: FakePterodactylOptions = {}): Promise<FakePterodactyl> {
  const seeds = options.servers ?? [fakeServer];
  const game = new FakeGameServers(seeds, options.keys ?? defaultKeys(), {
    startMs: options.startMs ?? 50,
    stopMs: options.stopMs ?? 50,
    backupMs: options.backupMs ?? 50,
    restoreMs: options.restoreMs ?? 50,
  });
  const tokens = new FakeTokens();
  const panelBehaviour: FakePanelBehaviour = {
    delayMs: 0,
    requestsPerMinute: 0,
    websocketTokensPerMinute: 0,
    tokenTtlMs: 10 * 60_000,
    backupThrottle: { limit: 2, periodSeconds: 600 },
    ...options.panel,
    throttle: { remaining: 0, retryAfterSeconds: 1 },
  };
  const wingsBehaviour: FakeWingsBehaviour = { tokenWarnMs: 60_000, statsIntervalMs: 1000, framesPerSecond: 0, ...options.wings };
  const requests: RecordedRequest[] = [];
  let url = '';
  let wingsUrl = '';

  const accounts = new FakePanelAccounts();
  const panelServer = createPanelServer({ panelUrl: () => url, wingsUrl: () => wingsUrl, game, tokens, behaviour: panelBehaviour, requests, accounts });
  const wings = createWings({ panelUrl: () => url, game, tokens, behaviour: wingsBehaviour });
  url = `http://127.0.0.1:${await listen(panelServer, options.port ?? 0)}`;
  wingsUrl = `http://127.0.0.1:${await listen(wings.server, options.wingsPort ?? 0)}`;

  const first = seeds[0]!;
  return {
    url,
    wingsUrl,
    serverId: first.identifier,
    serverUuid: first.uuid,
    keys: fakeKeys,
    requests,
    setState: (serverId, patch) => game.patch(serverId, patch),
    server: (serverId) => game.get(serverId),
    throttle(count, retryAfterSeconds) {
      panelBehaviour.throttle = { remaining: count, retryAfterSeconds };
    },
    setDelay(ms) {
      panelBehaviour.delayMs = ms;
    },
    revokeKey(key) {
      const index = game.keys.findIndex((k) => k.key === key);
      if (index >= 0) game.keys.splice(index, 1);
    },
    configure(patch) {
      for (const [name, value] of Object.entries(patch)) {
        if (name in panelBehaviour) Object.assign(panelBehaviour, { [name]: value });
        if (name in wingsBehaviour) Object.assign(wingsBehaviour, { [name]: value });
      }
    },
    consoleLines(serverId, ...lines) {
      const server = game.get(serverId);
      for (const line of lines) game.line(server, line);
    },
    async flood(serverId, count, prefix = 'line') {
      const server = game.get(serverId);
      const sockets = [...wings.connections()].filter((c) => c.server === server && c.authenticated).map((c) => c.ws);
      for (let n = 0; n < count; n++) {
        const data = JSON.stringify({ event: 'console output', args: [`${prefix} ${n}`] });
        for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send(data);
        // Let the sockets drain rather than buffering the whole flood in memory.
        if (n % 256 === 255) {
          while (sockets.some((ws) => ws.readyState === WebSocket.OPEN && ws.bufferedAmount > 1024 * 1024)) {
            await new Promise((resolve) => setTimeout(resolve, 1));
          }
        }
      }
    },
    wings: wings.control,
    accounts,
    async close() {
      game.close();
      wings.control.dropConnections();
      panelServer.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => panelServer.close(resolve)),
        new Promise((resolve) => {
          wings.server.closeAllConnections();
          wings.server.close(resolve);
        }),
      ]);
    },
  };
}
