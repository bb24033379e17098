import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromFiles, fromVariables, levelNameOf, versionIn } from '../../server/panel/modrinth/modrinth-software.ts';
import { pterodactylExtras } from '../../server/panel/modrinth/panel-engine-extras.ts';
import { createPanelClient, silentLog } from '../../server/panel/pterodactyl/panel-client.ts';

/**
 * Reading a server's software and Minecraft version (docs/decisions.md 106): the panel's
 * `GET /startup` in its documented shape (docs/modrinth.md; a panel on loopback answers as
 * Pterodactyl's eggs do), and the readers of variables, files and server.properties.
 */

const key = 'ptlc_Fk3yIdentifier01abcdefghijklmnopqrstuvwxyz012345';
const variable = (env: string, value: string) => ({
  object: 'egg_variable',
  attributes: { name: env, description: '', env_variable: env, default_value: '', server_value: value, is_editable: true, rules: 'required|string' },
});
const eggs: Record<string, unknown> = {
  paper01: {
    object: 'list',
    data: [variable('MINECRAFT_VERSION', '1.21.4'), variable('SERVER_JARFILE', 'server.jar'), variable('BUILD_NUMBER', 'latest')],
    meta: { startup_command: 'java -Xms128M -jar {{SERVER_JARFILE}}', raw_startup_command: 'java -jar paper.jar' },
  },
  fabric01: {
    object: 'list',
    data: [variable('MC_VERSION', '1.21.4'), variable('FABRIC_VERSION', 'latest'), variable('LOADER_VERSION', 'latest')],
    meta: { startup_command: 'java -jar fabric-server-launch.jar' },
  },
  neo00001: { object: 'list', data: [variable('MC_VERSION', '1.21.1'), variable('NEOFORGE_VERSION', '21.1.90')], meta: { startup_command: 'bash run.sh' } },
};

describe('the server’s software and version', () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const id = /^\/api\/client\/servers\/([^/]+)\/startup$/.exec(req.url ?? '')?.[1];
      const body = id ? eggs[id] : undefined;
      if (!body || req.headers.authorization !== `Bearer ${key}`) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ errors: [{ code: 'NotFoundHttpException', status: '404', detail: 'The requested resource could not be found on the server.' }] }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads the panel’s startup variables: Paper, Fabric and NeoForge eggs', async () => {
    const panel = createPanelClient({ panelUrl: url, timeoutMs: 5000, maxRetryWaitSeconds: 0, log: silentLog });
    const extras = pterodactylExtras(panel);
    const read = async (serverId: string) => {
      const found = await extras.variables({ serverId, key });
      return found && fromVariables(found.variables, found.command);
    };
    expect(await read('fabric01')).toEqual({ software: 'fabric', version: '1.21.4' });
    expect(await read('neo00001')).toEqual({ software: 'neoforge', version: '1.21.1' });
    // Paper's egg names neither the loader nor the jar: the version only (the files tell the rest).
    expect(await read('paper01')).toEqual({ version: '1.21.4' });
    // A panel without the route (or the permission): nothing, and no error that would end the session.
    expect(await extras.variables({ serverId: 'gone0001', key })).toBeUndefined();
    panel.close();
  });

  it('reads variables, files and server.properties', () => {
    expect(fromVariables({ TYPE: 'PURPUR', VERSION: '1.20.6' })).toEqual({ software: 'purpur', version: '1.20.6' });
    expect(fromVariables({ MINECRAFT_VERSION: 'latest' }, 'java -jar forge-1.20.1-47.3.0.jar')).toEqual({ software: 'forge' });
    expect(fromFiles(['purpur.yml', 'paper.yml', 'plugins'])).toEqual({ software: 'purpur' });
    expect(fromFiles(['version_history.json'], '{"currentVersion":"git-Paper-196 (MC: 1.21.4)"}')).toEqual({ software: 'paper', version: '1.21.4' });
    expect(fromFiles(['spigot.yml', 'bukkit.yml'])).toEqual({ software: 'spigot' });
    expect(fromFiles(['.fabric', 'mods'])).toEqual({ software: 'fabric' });
    expect(fromFiles(['server.properties'])).toEqual({});
    expect(versionIn('Paper 1.21.4')).toBe('1.21.4');
    expect(versionIn('git-Purpur-2400 (MC: 1.21.3)')).toBe('1.21.3');
    expect(versionIn('flying-squid')).toBeUndefined();
    expect(levelNameOf('motd=x\nlevel-name=survival\n')).toBe('survival');
    for (const bad of ['../etc', '/abs', 'a/b', '']) expect(levelNameOf(`level-name=${bad}\n`), bad).toBe('world');
    expect(levelNameOf(undefined)).toBe('world');
  });
});
