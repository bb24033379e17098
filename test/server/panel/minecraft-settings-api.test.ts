import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { fakeServer, startFakePterodactyl, type FakePterodactyl } from '../../fakes/fake-pterodactyl.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { panelAuditOf } from '../../helpers/panel-audit.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { tempGameServer, type TempGameServer } from '../../helpers/temp-game-server.ts';
import { testConfig } from '../../helpers/test-config.ts';
import { until } from '../../helpers/until.ts';

/**
 * The Settings tool's API on both drivers and both dialects: server.properties' common keys read
 * and changed through the file API, every other byte of the file kept (comments, unknown keys,
 * line endings), each value checked on its own, the seed refused once the world exists.
 */

const original = [
  '#Minecraft server properties',
  '#A comment the customer wrote',
  'enable-jmx-monitoring=false',
  'motd=\\u00A76Gold \\u00A7lServer',
  'difficulty = easy',
  'some-plugin-key=keep: me as I am',
  'online-mode=false',
  'max-players=20',
  '',
].join('\r\n');

interface Engine {
  start(databaseUrl: string): Promise<{ app: FastifyInstance; serverId: string; key: string }>;
  read(): string;
  makeWorld(): void;
  setRunning(running: boolean, cookie: string, app: FastifyInstance): Promise<void>;
  stop(): Promise<void>;
}

function pterodactyl(): Engine {
  let panel: FakePterodactyl;
  return {
    async start(databaseUrl) {
      panel = await startFakePterodactyl({ wings: { statsIntervalMs: 0 }, servers: [{ ...fakeServer, files: { 'server.properties': original } }] });
      return {
        app: await buildApp(testConfig(databaseUrl, { PANEL_DRIVER: 'pterodactyl', PANEL_URL: panel.url })),
        serverId: panel.serverId,
        key: panel.keys.client,
      };
    },
    read: () => panel.server(panel.serverId).files.read('/server.properties') ?? '',
    makeWorld: () => panel.server(panel.serverId).files.write('/world/level.dat', Buffer.from([0x1f, 0x8b, 0])),
    async setRunning(running) {
      panel.setState(panel.serverId, { state: running ? 'running' : 'offline' });
    },
    stop: () => panel.close(),
  };
}

function local(): Engine {
  let server: TempGameServer;
  return {
    async start(databaseUrl) {
      server = tempGameServer({ id: 'settings-mc', files: { 'server.properties': original } });
      return { app: await buildApp(testConfig(databaseUrl, { LOCAL_SERVERS_FILE: server.serversFile })), serverId: server.id, key: fixtureKey };
    },
    read: () => fs.readFileSync(path.join(server.root, 'server.properties'), 'utf8'),
    makeWorld: () => {
      fs.mkdirSync(path.join(server.root, 'world'), { recursive: true });
      fs.writeFileSync(path.join(server.root, 'world', 'level.dat'), Buffer.from([0x1f, 0x8b, 0]));
    },
    async setRunning(running, cookie, app) {
      await app.inject({ method: 'POST', url: '/api/panel/power', payload: { signal: running ? 'start' : 'stop' }, headers: { cookie } });
      await until(
        async () => (await app.inject({ url: '/api/panel/server', headers: { cookie } })).json(),
        (s) => s.state === (running ? 'running' : 'offline'),
        'the fixture to change state',
        20_000,
      );
    },
    stop: async () => server.remove(),
  };
}

describe.each(dialects.flatMap((dialect) => [pterodactyl, local].map((engine) => [dialect, engine.name, engine] as const)))(
  'the Settings tool on %s, %s',
  (dialect, _name, makeEngine) => {
    const engine = makeEngine();
    let app: FastifyInstance;
    let serverId: string;
    let cookie: string;
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase(dialect, { migrated: true });
      const started = await engine.start(database.url);
      app = started.app;
      serverId = started.serverId;
      const connected = await app.inject({ method: 'POST', url: '/api/panel/session', payload: { serverId, key: started.key } });
      cookie = `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`;
    });

    afterAll(async () => {
      await app.close();
      await engine.stop();
      await database.drop();
    });

    const read = async () => (await app.inject({ url: '/api/panel/minecraft/settings', headers: { cookie } })).json();
    const change = (payload: object) =>
      app.inject({ method: 'PUT', url: '/api/panel/minecraft/settings', payload, headers: { cookie, 'content-type': 'application/json' } });

    it('reads the form`s keys, with vanilla`s defaults for those the file lacks', async () => {
      expect(await read()).toEqual({
        values: {
          motd: '§6Gold §lServer',
          difficulty: 'easy',
          gamemode: 'survival',
          'max-players': '20',
          pvp: 'true',
          'white-list': 'false',
          'view-distance': '10',
          'level-seed': '',
          'online-mode': 'false',
        },
        exists: true,
        worldExists: false,
        running: false,
      });
      expect((await app.inject({ url: '/api/panel/minecraft/settings' })).statusCode).toBe(401);
    });

    it('changes only the lines of the keys that change, keeping every other byte', async () => {
      const saved = await change({ difficulty: 'hard', motd: '§cRed §oSky\nline two', pvp: 'false', 'max-players': '20' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ changed: ['motd', 'difficulty', 'pvp'], restartSuggested: false, message: 'Saved. They apply when the server starts.' });
      expect(engine.read()).toBe(
        original
          .replace('motd=\\u00A76Gold \\u00A7lServer', 'motd=\\u00A7cRed \\u00A7oSky\\u000Aline two')
          .replace('difficulty = easy', 'difficulty=hard')
          .concat('pvp=false\r\n'),
      );
      expect((await read()).values).toMatchObject({ motd: '§cRed §oSky\nline two', difficulty: 'hard', pvp: 'false' });
      const [entry] = (await panelAuditOf(app, serverId)).filter((e) => e.action === 'panel.settings.change');
      expect(entry!.detail?.changes).toBe('Message of the day “§6Gold §lServer” → “§cRed §oSky\\nline two”; Difficulty “easy” → “hard”; PvP “true” → “false”');
    });

    it('refuses a bad value or an unknown key, naming it, and changes nothing', async () => {
      const before = engine.read();
      for (const [payload, field] of [
        [{ difficulty: 'hard\nop Mallory' }, 'difficulty'],
        [{ 'max-players': '5000' }, 'max-players'],
        [{ 'view-distance': '1' }, 'view-distance'],
        [{ 'online-mode': 'maybe' }, 'online-mode'],
        [{ motd: 'one\ntwo\nthree' }, 'motd'],
        [{ 'level-seed': 'x\r\nop=Mallory' }, 'level-seed'],
        [{ 'rcon.password': 'hunter2' }, 'rcon.password'],
      ] as const) {
        const refused = await change(payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
        expect(JSON.stringify(refused.json().error), JSON.stringify(payload)).toContain(field);
      }
      expect(engine.read()).toBe(before);
    });

    it('refuses a new seed once the world exists, and suggests a restart while the server runs', async () => {
      expect((await change({ 'level-seed': '12345' })).statusCode).toBe(200);
      engine.makeWorld();
      expect((await read()).worldExists).toBe(true);
      const refused = await change({ 'level-seed': '999' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('world_exists');
      expect(engine.read()).toContain('level-seed=12345\r\n');

      await engine.setRunning(true, cookie, app);
      const saved = await change({ 'view-distance': '8' });
      expect(saved.json()).toMatchObject({ changed: ['view-distance'], restartSuggested: true });
      await engine.setRunning(false, cookie, app);
    });
  },
);
