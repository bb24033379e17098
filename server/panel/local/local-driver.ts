import { createHash } from 'node:crypto';
import { HttpError } from '../../lib/http-error.ts';
import type { ConsoleEvent, ConsoleSubscription, GameServerDriver, ServerCredentials } from '../driver.ts';
import { dummyKeyHash, verifyKey } from './key-hash.ts';
import { LocalServer, type LocalServerOptions } from './local-server.ts';
import { canDropPrivileges } from './run-as.ts';
import type { LocalServerConfig } from './servers-file.ts';

export interface LocalDriverOptions {
  servers: LocalServerConfig[];
  log: LocalServerOptions['log'];
  /** CPU and memory sampling of running servers. Default 2 s. */
  statsIntervalMs?: number;
  /** Disk usage of every server's folder, recomputed in the background. Default 60 s. */
  diskIntervalMs?: number;
  /** How long shutdown waits for each server to stop gracefully. Default 15 s. */
  shutdownTimeoutMs?: number;
}

export const wrongCredentials = () => new HttpError(401, 'invalid_credentials', 'The server ID or access key is not correct.');

export interface LocalDriver extends GameServerDriver {
  /** The managed servers, for tests and the demo. */
  server(id: string): LocalServer | undefined;
}

/**
 * The embedded engine: game servers declared in LOCAL_SERVERS_FILE, run as real child processes
 * of this app. Each has its own access key, stored as a scrypt hash.
 */
export function createLocalDriver(options: LocalDriverOptions): LocalDriver {
  if (canDropPrivileges()) {
    // Each server's folder is given to its own account: two servers cannot share one.
    const byFolder = new Map<string, string>();
    for (const server of options.servers) {
      const other = byFolder.get(server.cwd);
      if (other) throw new Error(`local game servers ${other} and ${server.id} share the folder ${server.cwd}: each needs its own, as each runs as its own user`);
      byFolder.set(server.cwd, server.id);
    }
  }
  const statsIntervalMs = options.statsIntervalMs ?? 2000;
  const servers = new Map(options.servers.map((config) => [config.id, new LocalServer(config, { statsIntervalMs, log: options.log })]));
  // Keys already verified, as digests: scrypt runs once per key, not on every request.
  const verified = new Set<string>();

  async function authorize({ serverId, key }: ServerCredentials): Promise<LocalServer> {
    const server = servers.get(serverId);
    const digest = createHash('sha256').update(`${serverId}\0${key}`).digest('base64');
    if (server && verified.has(digest)) return server;
    // An unknown id costs one scrypt too, against a hash no key matches.
    const ok = await verifyKey(key, server?.config.keyHash ?? dummyKeyHash);
    if (!server || !ok) throw wrongCredentials();
    if (verified.size > 10_000) verified.clear();
    verified.add(digest);
    return server;
  }

  for (const server of servers.values()) {
    if (!server.config.autostart) continue;
    server.power('start').catch((error: unknown) => options.log.warn({ err: error, server: server.config.id }, 'autostart failed'));
  }

  const measureDisks = () => Promise.all([...servers.values()].map((server) => server.measureDisk().catch(() => {})));
  void measureDisks();
  const diskTimer = setInterval(() => void measureDisks(), options.diskIntervalMs ?? 60_000);
  diskTimer.unref();

  return {
    name: 'local',
    server: (id) => servers.get(id),
    async getServer(credentials) {
      return (await authorize(credentials)).details();
    },
    async getResources(credentials) {
      return (await authorize(credentials)).resources();
    },
    async power(credentials, signal) {
      await (await authorize(credentials)).power(signal);
    },
    async sendCommand(credentials, command) {
      (await authorize(credentials)).sendCommand(command);
    },
    async console(credentials, onEvent: (event: ConsoleEvent) => void): Promise<ConsoleSubscription> {
      const server = await authorize(credentials);
      for (const text of server.recentLines()) onEvent({ type: 'line', text });
      onEvent({ type: 'state', state: server.powerState });
      onEvent({ type: 'stats', stats: server.resources() });
      const unsubscribe = server.subscribe(onEvent);
      return {
        send: async (command) => server.sendCommand(command),
        close: unsubscribe,
      };
    },
    async close() {
      clearInterval(diskTimer);
      const timeout = options.shutdownTimeoutMs ?? 15_000;
      await Promise.all([...servers.values()].map((server) => server.shutdown(timeout)));
    },
  };
}
