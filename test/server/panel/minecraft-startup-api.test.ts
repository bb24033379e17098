import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { fakeServer, startFakePterodactyl, type FakePterodactyl } from '../../fakes/fake-pterodactyl.ts';
import { startupOf } from '../../fakes/fake-panel-startup.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { panelAuditOf } from '../../helpers/panel-audit.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { tempGameServer, type TempGameServer } from '../../helpers/temp-game-server.ts';
import { testConfig } from '../../helpers/test-config.ts';
import { until } from '../../helpers/until.ts';

/**
 * The Version tool's API (docs/decisions.md 112) on both dialects: on the fake Pterodactyl panel
 * the egg's variables, a version change checked by the egg's rules (here and by the panel), the
 * reinstall it needs and the server's state during it; on the local driver the servers file's
 * variables, a value outside the allowed list refused, the choice kept and used at the next start.
 */

const injections = ['1.21; rm -rf /', '$(reboot)', '`id`', '1.21 && stop', 'a\nb', "1.21'", 'x|y', '1.21 4'];

describe.each(dialects)('the Version tool on %s', (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
  });
  afterAll(async () => database.drop());

  async function connect(app: FastifyInstance, serverId: string, key: string) {
    const connected = await app.inject({ method: 'POST', url: '/api/panel/session', payload: { serverId, key } });
    expect(connected.statusCode).toBe(200);
    return `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`;
  }
  const setter = (app: FastifyInstance, cookie: string) => (key: string, value: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/panel/minecraft/startup/variable',
      payload: { key, value },
      headers: { cookie, 'content-type': 'application/json' },
    });

  describe('on Pterodactyl', () => {
    let panel: FakePterodactyl;
    let app: FastifyInstance;
    let cookie: string;

    beforeAll(async () => {
      panel = await startFakePterodactyl({ wings: { statsIntervalMs: 0 }, servers: [{ ...fakeServer }] });
      app = await buildApp(testConfig(database.url, { PANEL_DRIVER: 'pterodactyl', PANEL_URL: panel.url }));
      cookie = await connect(app, panel.serverId, panel.keys.client);
    });
    afterAll(async () => {
      await app.close();
      await panel.close();
    });

    it('lists what the egg lets the customer see, and what a change needs', async () => {
      const answer = (await app.inject({ url: '/api/panel/minecraft/startup', headers: { cookie } })).json();
      expect(answer.status).toBeNull();
      expect(answer.canReinstall).toBe(true);
      expect(
        answer.variables.map((v: { key: string; editable: boolean; appliesOn: string; choices: string[] | null }) => [
          v.key,
          v.editable,
          v.appliesOn,
          v.choices,
        ]),
      ).toEqual([
        ['MINECRAFT_VERSION', true, 'reinstall', null],
        ['SERVER_SOFTWARE', true, 'reinstall', ['paper', 'purpur', 'vanilla']],
        ['BUILD_NUMBER', true, 'reinstall', null],
        ['SERVER_JARFILE', true, 'restart', null],
        ['DL_PATH', false, 'reinstall', null],
      ]);
    });

    it('checks a value by the egg`s rules, refuses injections, and changes it on the panel', async () => {
      const set = setter(app, cookie);
      const before = panel.requests.length;
      for (const value of injections) expect((await set('MINECRAFT_VERSION', value)).statusCode, value).toBe(400);
      expect((await set('MINECRAFT_VERSION', '1.21.4-pre1-and-more-than-twenty')).json().error.message).toBe(
        'Minecraft Version: The value may not be greater than 20 characters.',
      );
      expect((await set('SERVER_SOFTWARE', 'forge')).json().error.message).toBe('Server Software: The selected value is invalid.');
      expect((await set('SERVER_JARFILE', 'server.zip')).json().error.message).toBe('Server Jar File: The value format is invalid.');
      const readOnly = await set('DL_PATH', 'https://example.com/server.jar');
      expect(readOnly.statusCode).toBe(403);
      expect(readOnly.json().error.code).toBe('read_only');
      expect((await set('INSTALL_TOKEN', 'x')).statusCode).toBe(400);
      // Nothing refused reached the panel's variable route.
      expect(panel.requests.slice(before).filter((r) => r.method === 'PUT')).toEqual([]);

      const changed = await set('SERVER_SOFTWARE', 'purpur');
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().message).toBe(
        'Server Software is now purpur. It takes effect when the server is reinstalled: make a backup first, then reinstall.',
      );
      expect((await set('MINECRAFT_VERSION', '1.21.4')).statusCode).toBe(200);
      const egg = startupOf(panel.server(panel.serverId));
      expect(egg.variables.find((v) => v.env_variable === 'SERVER_SOFTWARE')!.server_value).toBe('purpur');
      expect(egg.variables.find((v) => v.env_variable === 'MINECRAFT_VERSION')!.server_value).toBe('1.21.4');
      expect((await set('SERVER_JARFILE', 'paper.jar')).json().message).toContain('takes effect at the next start');
    });

    it('the panel refuses what its rules refuse even when ours would not have seen it', async () => {
      // The egg changed under us: the panel's own check answers, in its words.
      const egg = startupOf(panel.server(panel.serverId));
      const version = egg.variables.find((v) => v.env_variable === 'BUILD_NUMBER')!;
      const answer = await app.inject({ url: '/api/panel/minecraft/startup', headers: { cookie } });
      expect(answer.statusCode).toBe(200);
      version.rules = 'required|integer|between:1,9999';
      const refused = await app.inject({
        method: 'PUT',
        url: '/api/panel/minecraft/startup/variable',
        payload: { key: 'BUILD_NUMBER', value: 'latest' },
        headers: { cookie, 'content-type': 'application/json' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe('Build Number: The value must be an integer.');
      version.rules = 'required|string|max:20';
    });

    it('reinstalls: the server shows as installing, then ready again', async () => {
      panel.setState(panel.serverId, { state: 'running' });
      const started = await app.inject({ method: 'POST', url: '/api/panel/minecraft/startup/reinstall', headers: { cookie } });
      expect(started.statusCode, started.body).toBe(202);
      expect(startupOf(panel.server(panel.serverId)).reinstalls).toBe(1);
      const during = (await app.inject({ url: '/api/panel/minecraft/startup', headers: { cookie } })).json();
      expect(during).toEqual({ variables: [], status: 'installing', canReinstall: true });
      expect((await app.inject({ url: '/api/panel/server', headers: { cookie } })).json()).toMatchObject({ status: 'installing', state: 'offline' });
      const after = await until(
        async () => (await app.inject({ url: '/api/panel/minecraft/startup', headers: { cookie } })).json(),
        (a) => a.status === null,
        'the reinstall to end',
        10_000,
      );
      expect(after.variables.find((v: { key: string }) => v.key === 'SERVER_SOFTWARE').value).toBe('purpur');
      const entries = (await panelAuditOf(app, panel.serverId)).filter((e) => e.action.startsWith('panel.startup.') && e.outcome === 'ok');
      expect(entries.map((e) => [e.action, e.detail?.variable, e.detail?.from, e.detail?.value])).toEqual([
        ['panel.startup.variable', 'SERVER_SOFTWARE', 'paper', 'purpur'],
        ['panel.startup.variable', 'MINECRAFT_VERSION', 'latest', '1.21.4'],
        ['panel.startup.variable', 'SERVER_JARFILE', 'server.jar', 'paper.jar'],
        ['panel.startup.reinstall', undefined, undefined, undefined],
      ]);
    });
  });

  describe('on the local driver', () => {
    let server: TempGameServer;
    let app: FastifyInstance;
    let cookie: string;

    beforeAll(async () => {
      server = tempGameServer({
        id: `version-mc-${dialect}`,
        extra: {
          args: ['(the fixture program, below)', '--version={{GAME_VERSION}}'],
          env: { GAME_STARTUP_MS: '100', GAME_SOFTWARE: '{{SOFTWARE}}' },
          variables: [
            { key: 'GAME_VERSION', name: 'Minecraft version', default: '1.21.4', allowed: ['1.21.4', '1.20.6'] },
            { key: 'SOFTWARE', name: 'Server software', description: 'What runs the world.', default: 'paper', allowed: ['paper', 'purpur'] },
          ],
        },
      });
      // The fixture program where the server's user can reach it (tempGameServer's default args).
      const file = JSON.parse(fs.readFileSync(server.serversFile, 'utf8'));
      const program = tempGameServer({ id: 'unused' });
      file.servers[0].args[0] = JSON.parse(fs.readFileSync(program.serversFile, 'utf8')).servers[0].args[0];
      program.remove();
      fs.writeFileSync(server.serversFile, JSON.stringify(file));
      app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: server.serversFile }));
      cookie = await connect(app, server.id, fixtureKey);
    });
    afterAll(async () => {
      await app.close();
      server.remove();
    });

    it('changes a declared variable to an allowed value, keeps it beside the servers file, and uses it at the next start', async () => {
      const answer = (await app.inject({ url: '/api/panel/minecraft/startup', headers: { cookie } })).json();
      expect(answer).toEqual({
        status: null,
        canReinstall: false,
        variables: [
          {
            key: 'GAME_VERSION',
            name: 'Minecraft version',
            description: '',
            value: '1.21.4',
            defaultValue: '1.21.4',
            editable: true,
            rules: '',
            choices: ['1.21.4', '1.20.6'],
            appliesOn: 'restart',
          },
          {
            key: 'SOFTWARE',
            name: 'Server software',
            description: 'What runs the world.',
            value: 'paper',
            defaultValue: 'paper',
            editable: true,
            rules: '',
            choices: ['paper', 'purpur'],
            appliesOn: 'restart',
          },
        ],
      });
      const set = setter(app, cookie);
      for (const value of injections) expect((await set('GAME_VERSION', value)).statusCode, value).toBe(400);
      const outside = await set('GAME_VERSION', '1.19');
      expect(outside.statusCode).toBe(400);
      expect(outside.json().error.message).toBe('Minecraft version is one of 1.21.4, 1.20.6.');
      expect((await set('NOT_DECLARED', 'x')).statusCode).toBe(400);
      const overrides = server.serversFile.replace(/\.json$/, '.overrides.json');
      expect(fs.existsSync(overrides)).toBe(false);

      expect((await set('GAME_VERSION', '1.20.6')).json().message).toBe(
        'Minecraft version is now 1.20.6. It takes effect at the next start: restart the server to apply it.',
      );
      expect((await set('SOFTWARE', 'purpur')).statusCode).toBe(200);
      expect(JSON.parse(fs.readFileSync(overrides, 'utf8'))).toEqual({
        servers: { [server.id]: { variables: { GAME_VERSION: '1.20.6', SOFTWARE: 'purpur' } } },
      });
      expect((fs.statSync(overrides).mode & 0o777).toString(8)).toBe('600');

      // The process gets the values as one argument and one variable of its own.
      expect((await app.inject({ method: 'POST', url: '/api/panel/power', payload: { signal: 'start' }, headers: { cookie } })).statusCode).toBe(204);
      await until(
        async () => (await app.inject({ url: '/api/panel/server', headers: { cookie } })).json(),
        (s) => s.state === 'running',
        'the fixture to run',
        20_000,
      );
      const processes = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
      const ours = processes
        .map((name) => {
          try {
            return {
              cmdline: fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0'),
              environ: fs.readFileSync(`/proc/${name}/environ`, 'utf8').split('\0'),
            };
          } catch {
            return undefined;
          }
        })
        .find((p) => p?.cmdline.includes('--version=1.20.6'));
      expect(ours?.environ).toContain('GAME_SOFTWARE=purpur');
      await app.inject({ method: 'POST', url: '/api/panel/power', payload: { signal: 'kill' }, headers: { cookie } });

      // A new app reads the kept values again.
      await app.close();
      app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: server.serversFile }));
      cookie = await connect(app, server.id, fixtureKey);
      expect((await app.inject({ url: '/api/panel/minecraft/startup', headers: { cookie } })).json().variables.map((v: { value: string }) => v.value)).toEqual([
        '1.20.6',
        'purpur',
      ]);
      expect((await app.inject({ method: 'POST', url: '/api/panel/minecraft/startup/reinstall', headers: { cookie } })).statusCode).toBe(409);
      const entries = (await panelAuditOf(app, server.id)).filter((e) => e.action === 'panel.startup.variable' && e.outcome === 'ok');
      expect(entries.map((e) => [e.detail?.variable, e.detail?.from, e.detail?.value])).toEqual([
        ['GAME_VERSION', '1.21.4', '1.20.6'],
        ['SOFTWARE', 'paper', 'purpur'],
      ]);
    });
  });
});
