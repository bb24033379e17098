import { HttpError } from '../../lib/http-error.ts';
import type { ConsoleSubscription, GameServerDriver, PowerSignal, ServerCredentials } from '../driver.ts';
import { playersAt } from '../players.ts';
import { createPanelClient, serverPath, silentLog, type DriverLog } from './panel-client.ts';
import { mapResources, mapWebsocketCredentials, type Limits } from './panel-mapping.ts';
import { createPterodactylBackups } from './pterodactyl-backups.ts';
import { createPterodactylFiles } from './pterodactyl-files.ts';
import { createServerDetailsReader, credentialKey } from './pterodactyl-server-details.ts';
import { WingsConsole } from './wings-console.ts';

export interface PterodactylDriverOptions {
  /** The panel's base URL (scheme, host, port; a trailing slash is dropped). Also the console socket's Origin. */
  panelUrl: string;
  /** Per HTTP call and for the console upgrade; 15 s by default. */
  timeoutMs?: number;
  /** A 429 whose Retry-After is at most this many seconds is waited out and retried once; 2 by default. */
  maxRetryWaitSeconds?: number;
  /** Longest wait between console reconnect attempts; 15 s by default. */
  maxConsoleBackoffMs?: number;
  log?: DriverLog;
}

/**
 * The Pterodactyl / Pelican driver: the panel's client API with the customer's own client key
 * (the panel's authorization decides what it may do), and the console through Wings.
 */
export function createPterodactylDriver(options: PterodactylDriverOptions): GameServerDriver {
  const panelUrl = options.panelUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const log = options.log ?? silentLog;
  const panel = createPanelClient({ panelUrl, timeoutMs, maxRetryWaitSeconds: options.maxRetryWaitSeconds ?? 2, log });
  const servers = createServerDetailsReader(panel, panelUrl);
  const consoles = new Map<string, WingsConsole>();

  const files = createPterodactylFiles({ panel, timeoutMs });
  const backups = createPterodactylBackups({
    panel,
    timeoutMs,
    server: async (credentials) => {
      const { server, extras } = await servers.withExtras(credentials);
      return { status: server.status, extras };
    },
  });

  async function fetchResources(credentials: ServerCredentials) {
    const path = serverPath(credentials.serverId, credentials.key, '/resources');
    // The key is checked by the resources call itself on every request; only the limits are reused.
    const [body, limits] = await Promise.all([panel.request(credentials.key, 'GET', path), servers.limitsOf(credentials)]);
    return mapResources(body, limits);
  }

  async function sendCommand(credentials: ServerCredentials, command: string): Promise<void> {
    await panel.request(credentials.key, 'POST', serverPath(credentials.serverId, credentials.key, '/command'), { command });
  }

  return {
    name: 'pterodactyl',

    async getServer(credentials) {
      const resourcesPath = serverPath(credentials.serverId, credentials.key, '/resources');
      const [server, stats] = await Promise.allSettled([servers.details(credentials), panel.request(credentials.key, 'GET', resourcesPath)]);
      if (server.status === 'rejected') throw server.reason;
      if (stats.status === 'fulfilled') return { ...server.value, state: mapResources(stats.value, server.value.limits).state };
      // A suspended or installing server, or a node that is down, still has details to show.
      const reason: unknown = stats.reason;
      if (reason instanceof HttpError && [409, 502, 504].includes(reason.statusCode)) {
        return { ...server.value, state: 'offline' };
      }
      throw reason;
    },

    getResources: fetchResources,

    async power(credentials, signal: PowerSignal) {
      await panel.request(credentials.key, 'POST', serverPath(credentials.serverId, credentials.key, '/power'), { signal });
    },

    sendCommand,

    async console(credentials, onEvent): Promise<ConsoleSubscription> {
      const websocketPath = serverPath(credentials.serverId, credentials.key, '/websocket');
      const id = credentialKey(credentials);
      let shared = consoles.get(id);
      if (!shared) {
        // Stats frames carry no CPU or disk limit: read the limits while the first token is fetched.
        let lastLimits: Limits | undefined;
        let limitsPending: Promise<unknown> | undefined = servers
          .limitsOf(credentials)
          .catch((error: unknown) => log.debug({ err: error }, 'could not read limits for console stats'));
        const created: WingsConsole = new WingsConsole({
          panelUrl,
          timeoutMs,
          log,
          maxBackoffMs: options.maxConsoleBackoffMs,
          fetchCredentials: async () => {
            const [body] = await Promise.all([panel.request(credentials.key, 'GET', websocketPath), limitsPending]);
            limitsPending = undefined;
            return mapWebsocketCredentials(body);
          },
          limits: () => (lastLimits = servers.lastLimits(id) ?? lastLimits),
          sendCommandOverHttp: (command) => sendCommand(credentials, command),
          onEnd: () => {
            if (consoles.get(id) === created) consoles.delete(id);
          },
        });
        consoles.set(id, created);
        shared = created;
      }
      const stream = shared;
      const unsubscribe = stream.subscribe(onEvent);
      try {
        await stream.ready;
      } catch (error) {
        unsubscribe();
        throw error;
      }
      let open = true;
      return {
        send: (command) => stream.send(command),
        close() {
          if (!open) return;
          open = false;
          unsubscribe();
        },
      };
    },

    async consoleLog(credentials) {
      serverPath(credentials.serverId, credentials.key);
      return consoles.get(credentialKey(credentials))?.recentLines() ?? [];
    },

    async getPlayers(credentials) {
      const [extras, resources] = await Promise.all([servers.extrasOf(credentials), fetchResources(credentials)]);
      if (!extras.gameAddress) return { status: 'not_answering', reason: 'The server has no default address in the panel.' };
      return playersAt(extras.gameAddress.host, extras.gameAddress.port, resources.state);
    },

    async getPermissions(credentials) {
      // Fresh each time: the owner may change a subuser's permissions at any moment.
      return (await servers.withExtras(credentials)).extras.permissions;
    },

    listFiles: files.list,
    readFile: files.read,
    writeFile: files.write,
    uploadFile: files.upload,
    downloadFile: files.download,
    createFolder: files.createFolder,
    renameFile: files.rename,
    deleteFile: files.remove,

    listBackups: backups.list,
    createBackup: backups.create,
    downloadBackup: backups.download,
    restoreBackup: backups.restore,
    setBackupLocked: backups.setLocked,
    deleteBackup: backups.remove,

    async close() {
      for (const stream of [...consoles.values()]) stream.close();
      consoles.clear();
      servers.clear();
      panel.close();
    },
  };
}
