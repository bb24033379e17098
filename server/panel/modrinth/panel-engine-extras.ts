import fs from 'node:fs';
import { HttpError } from '../../lib/http-error.ts';
import type { ServerCredentials } from '../driver.ts';
import { serverPath, type PanelClient } from '../pterodactyl/panel-client.ts';

/**
 * What the tool needs of an engine beyond the driver's interface: the server's startup
 * variables, and (Pterodactyl / Pelican) having the panel pull a file from a URL itself.
 */
export interface EngineExtras {
  /** Startup variables (name → value) and the startup command; undefined when the engine does not say. */
  variables(c: ServerCredentials): Promise<{ variables: Record<string, string>; command: string } | undefined>;
  /**
   * Has the engine fetch `url` into `folder/name` itself; false when it may not (the panel
   * refuses remote downloads, or has no such route): the caller writes the file instead.
   */
  pull?(c: ServerCredentials, url: string, folder: string, name: string): Promise<boolean>;
}

/**
 * The panel's 404 means "no such server" on most routes (a wrong key, server/panel/pterodactyl/panel-errors.ts),
 * but here the server was just found: a 404 is a panel without this route. Read as such, it does not end the session.
 */
const noRoute = (status: number) => (status === 404 || status === 405 ? new HttpError(status, 'no_route', 'The panel has no such route.') : undefined);

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * The panel's client API: `GET /startup` (`data[].attributes.env_variable` and `server_value`,
 * `meta.startup_command`) and `POST /files/pull` (`url`, `directory`, `filename`, `foreground`),
 * docs/modrinth.md.
 */
export function pterodactylExtras(panel: PanelClient): EngineExtras {
  return {
    async variables(c) {
      let body: unknown;
      try {
        body = await panel.request(c.key, 'GET', serverPath(c.serverId, c.key, '/startup'), undefined, { mapError: noRoute });
      } catch (error) {
        // No startup.read permission, or a panel without the route: the files and the ping still tell.
        if (error instanceof HttpError && [403, 404, 405].includes(error.statusCode)) return undefined;
        throw error;
      }
      const data = record(body)?.data;
      if (!Array.isArray(data)) return undefined;
      const variables: Record<string, string> = {};
      for (const item of data) {
        const a = record(record(item)?.attributes);
        const name = a?.env_variable;
        const value = a?.server_value ?? a?.default_value;
        if (typeof name === 'string' && typeof value === 'string') variables[name] = value;
      }
      const command = record(record(body)?.meta)?.startup_command;
      return { variables, command: typeof command === 'string' ? command : '' };
    },
    async pull(c, url, folder, name) {
      try {
        await panel.request(
          c.key,
          'POST',
          serverPath(c.serverId, c.key, '/files/pull'),
          {
            url,
            directory: `/${folder}`,
            filename: name,
            use_header: false,
            foreground: true,
          },
          { mapError: noRoute },
        );
        return true;
      } catch (error) {
        // The key is refused, or the panel is busy: say so. Anything else: remote downloads are off here; write instead.
        if (error instanceof HttpError && [401, 409, 429].includes(error.statusCode)) throw error;
        return false;
      }
    },
  };
}

/** The local driver: the servers file's `env` and `command` + `args` of each server (read when asked: the file may change). */
export function localExtras(serversFile: string): EngineExtras {
  return {
    async variables(c) {
      try {
        const file = JSON.parse(await fs.promises.readFile(serversFile, 'utf8')) as { servers?: unknown };
        const entry = (Array.isArray(file.servers) ? file.servers : []).map(record).find((s) => s?.id === c.serverId);
        if (!entry) return undefined;
        const env = record(entry.env) ?? {};
        const variables = Object.fromEntries(Object.entries(env).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));
        const args = Array.isArray(entry.args) ? entry.args.filter((a) => typeof a === 'string') : [];
        return { variables, command: [entry.command, ...args].filter((part) => typeof part === 'string').join(' ') };
      } catch {
        return undefined;
      }
    },
  };
}
