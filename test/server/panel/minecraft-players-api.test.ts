import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { offlineUuid } from '../../../server/panel/minecraft-players/offline-uuid.ts';
import { fakeServer, startFakePterodactyl, type FakePterodactyl } from '../../fakes/fake-pterodactyl.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { panelAuditOf } from '../../helpers/panel-audit.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { tempGameServer, type TempGameServer } from '../../helpers/temp-game-server.ts';
import { testConfig } from '../../helpers/test-config.ts';
import { until } from '../../helpers/until.ts';

/**
 * The Players tool's API on both drivers and both dialects: a stopped server's lists changed in
 * their files (entries we do not know kept as they were), a running one's through console
 * commands, an online-mode server's additions waiting for it to run, and names that would carry a
 * command refused before anything is sent or written. (The real Minecraft client against the demo
 * is minecraft-players-demo.test.ts.)
 */

const whitelist = `${JSON.stringify([{ uuid: '00000000-0000-4000-8000-00000000abcd', name: 'Old_Friend', note: 'kept as it was' }], null, 2)}\n`;
const injections = ['x\nstop', 'Name stop', 'a;stop', 'ab', 'a'.repeat(17), '..%2Fops', 'Ünïcode', ' '];

interface Engine {
  label: string;
  start(databaseUrl: string): Promise<{ app: FastifyInstance; serverId: string; key: string }>;
  /** The list file as the engine holds it, or undefined. */
  read(file: string): string | undefined;
  write(file: string, text: string): void;
  setRunning(running: boolean, cookie: string, app: FastifyInstance): Promise<void>;
  /** The console commands the server received. */
  commands(app: FastifyInstance, cookie: string): Promise<string[]>;
  stop(): Promise<void>;
}

function pterodactyl(): Engine {
  let panel: FakePterodactyl;
  return {
    label: 'Pterodactyl',
    async start(databaseUrl) {
      panel = await startFakePterodactyl({
        wings: { statsIntervalMs: 0 },
        servers: [{ ...fakeServer, files: { 'server.properties': '#props\nonline-mode=false\n', 'whitelist.json': whitelist } }],
      });
      return {
        app: await buildApp(testConfig(databaseUrl, { PANEL_DRIVER: 'pterodactyl', PANEL_URL: panel.url })),
        serverId: panel.serverId,
        key: panel.keys.client,
      };
    },
    read: (file) => {
      try {
        return panel.server(panel.serverId).files.read(`/${file}`);
      } catch {
        return undefined;
      }
    },
    write: (file, text) => panel.server(panel.serverId).files.write(`/${file}`, Buffer.from(text)),
    async setRunning(running) {
      panel.setState(panel.serverId, { state: running ? 'running' : 'offline' });
    },
    commands: async () => [...panel.server(panel.serverId).commands],
    stop: async () => panel.close(),
  };
}

function local(): Engine {
  let server: TempGameServer;
  return {
    label: 'local',
    async start(databaseUrl) {
      server = tempGameServer({ id: 'players-mc', files: { 'server.properties': '#props\nonline-mode=false\n', 'whitelist.json': whitelist } });
      return { app: await buildApp(testConfig(databaseUrl, { LOCAL_SERVERS_FILE: server.serversFile })), serverId: server.id, key: fixtureKey };
    },
    read: (file) => (fs.existsSync(path.join(server.root, file)) ? fs.readFileSync(path.join(server.root, file), 'utf8') : undefined),
    write: (file, text) => fs.writeFileSync(path.join(server.root, file), text),
    async setRunning(running, cookie, app) {
      await app.inject({ method: 'POST', url: '/api/panel/power', payload: { signal: running ? 'start' : 'stop' }, headers: { cookie } });
      await until(
        async () => (await app.inject({ url: '/api/panel/server', headers: { cookie } })).json(),
        (s) => s.state === (running ? 'running' : 'offline'),
        'the fixture to change state',
        20_000,
      );
    },
    // The fixture prints what it does not know ("Unknown command: …").
    commands: async (app, cookie) =>
      (await app.inject({ url: '/api/panel/console/log', headers: { cookie } })).body
        .split('\n')
        .flatMap((line) => /^Unknown command: (.*)$/.exec(line)?.[1] ?? []),
    stop: async () => server.remove(),
  };
}

describe.each(dialects.flatMap((dialect) => [pterodactyl, local].map((engine) => [dialect, engine.name, engine] as const)))(
  'the Players tool on %s, %s',
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
      expect(connected.statusCode).toBe(200);
      cookie = `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`;
    });

    afterAll(async () => {
      await app.close();
      await engine.stop();
      await database.drop();
    });

    const lists = async () => (await app.inject({ url: '/api/panel/minecraft/players', headers: { cookie } })).json();
    const add = (list: string, name: string) =>
      app.inject({ method: 'POST', url: `/api/panel/minecraft/players/${list}`, payload: { name }, headers: { cookie, 'content-type': 'application/json' } });
    const remove = (list: string, name: string) =>
      app.inject({ method: 'DELETE', url: `/api/panel/minecraft/players/${list}/${encodeURIComponent(name)}`, headers: { cookie } });

    it('answers 401 without a session', async () => {
      expect((await app.inject({ url: '/api/panel/minecraft/players' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'POST', url: '/api/panel/minecraft/players/bans', payload: { name: 'Someone' } })).statusCode).toBe(401);
    });

    it('changes a stopped server`s list files, keeping what it does not know', async () => {
      expect(await lists()).toEqual({
        via: 'files',
        supported: ['whitelist', 'ops', 'bans'],
        onlineMode: false,
        note: null,
        whitelist: [{ name: 'Old_Friend', uuid: '00000000-0000-4000-8000-00000000abcd' }],
        ops: [],
        bans: [],
      });
      const added = await add('whitelist', 'New_Friend');
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json()).toEqual({ via: 'files', message: 'Added New_Friend to the whitelist (whitelist.json). It applies when the server starts.' });
      expect(JSON.parse(engine.read('whitelist.json')!)).toEqual([
        { uuid: '00000000-0000-4000-8000-00000000abcd', name: 'Old_Friend', note: 'kept as it was' },
        { uuid: offlineUuid('New_Friend'), name: 'New_Friend' },
      ]);
      expect((await add('ops', 'Mod_Person')).statusCode).toBe(200);
      expect(JSON.parse(engine.read('ops.json')!)).toEqual([{ uuid: offlineUuid('Mod_Person'), name: 'Mod_Person', level: 4, bypassesPlayerLimit: false }]);
      expect((await add('bans', 'Griefer')).statusCode).toBe(200);
      expect(JSON.parse(engine.read('banned-players.json')!)).toEqual([
        expect.objectContaining({ uuid: offlineUuid('Griefer'), name: 'Griefer', expires: 'forever', source: 'Game Panel' }),
      ]);
      expect((await add('bans', 'griefer')).json().message).toBe('griefer is already in the bans.');

      const removed = await remove('whitelist', 'old_friend');
      expect(removed.statusCode).toBe(200);
      expect(JSON.parse(engine.read('whitelist.json')!)).toEqual([{ uuid: offlineUuid('New_Friend'), name: 'New_Friend' }]);
      expect((await remove('ops', 'Nobody_Here')).json().message).toBe('Nobody_Here is not in the operators.');
    });

    it('refuses a list file it cannot read, and waits for an online-mode server to run before adding', async () => {
      engine.write('ops.json', '{"not": "a list"}');
      const broken = await add('ops', 'Someone');
      expect(broken.statusCode).toBe(422);
      expect(broken.json().error.message).toContain('ops.json is not a list the server can read');
      engine.write('ops.json', '[]\n');

      engine.write('server.properties', '#props\nonline-mode=true\n');
      const waiting = await add('ops', 'Someone');
      expect(waiting.statusCode).toBe(409);
      expect(waiting.json().error.code).toBe('needs_running_server');
      expect((await lists()).note).toContain('online mode');
      // Removing needs no account: it works.
      expect((await remove('bans', 'Griefer')).statusCode).toBe(200);
      expect(JSON.parse(engine.read('banned-players.json')!)).toEqual([]);
      engine.write('server.properties', '#props\nonline-mode=false\n');
    });

    it('sends console commands to a running server, and refuses names that would carry one', async () => {
      await engine.setRunning(true, cookie, app);
      expect((await lists()).via).toBe('console');
      const before = await engine.commands(app, cookie);
      for (const name of injections) {
        expect((await add('bans', name)).statusCode, JSON.stringify(name)).toBe(400);
        expect((await remove('ops', name)).statusCode, JSON.stringify(name)).toBe(400);
      }
      expect((await add('nonsense', 'Someone')).statusCode).toBe(400);
      const banned = await add('bans', 'Griefer');
      expect(banned.json()).toEqual({ via: 'console', message: "Sent “ban Griefer” to the server's console." });
      expect((await add('whitelist', 'New_Friend')).statusCode).toBe(200);
      expect((await remove('ops', 'Mod_Person')).statusCode).toBe(200);
      const sent = await until(
        () => engine.commands(app, cookie),
        (commands) => commands.length >= before.length + 3,
        'the commands to arrive',
        10_000,
      );
      expect(sent.slice(before.length)).toEqual(['ban Griefer', 'whitelist add New_Friend', 'deop Mod_Person']);

      const entries = (await panelAuditOf(app, serverId)).filter((e) => e.action.startsWith('panel.players.') && e.outcome === 'ok');
      expect(entries.map((e) => [e.action, e.detail?.name, e.detail?.via])).toEqual([
        ['panel.players.whitelist_add', 'New_Friend', 'files'],
        ['panel.players.op', 'Mod_Person', 'files'],
        ['panel.players.ban', 'Griefer', 'files'],
        ['panel.players.ban', 'griefer', 'files'],
        ['panel.players.whitelist_remove', 'old_friend', 'files'],
        ['panel.players.deop', 'Nobody_Here', 'files'],
        ['panel.players.pardon', 'Griefer', 'files'],
        ['panel.players.ban', 'Griefer', 'console'],
        ['panel.players.whitelist_add', 'New_Friend', 'console'],
        ['panel.players.deop', 'Mod_Person', 'console'],
      ]);
      await engine.setRunning(false, cookie, app);
    });
  },
);
