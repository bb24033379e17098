import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { ensureDemoServer } from '../../../server/panel/local/demo.ts';
import { offlineUuid } from '../../../server/panel/minecraft-players/offline-uuid.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/databases.ts';
import { panelAuditOf } from '../../helpers/panel-audit.ts';
import { freePort } from '../../helpers/free-port.ts';
import { testConfig } from '../../helpers/test-config.ts';
import { until } from '../../helpers/until.ts';

/**
 * The Players tool against the real demo Minecraft server (flying-squid) with real Minecraft
 * clients (mineflayer): a ban through the panel removes the player and keeps them out, the pardon
 * lets them in again; a ban written to the file while the server is stopped holds once it starts.
 * One dialect: a Minecraft server per dialect would double a long test, and the database's part
 * (sessions, the audit log) is the same as every other panel route's.
 */

/** Not the demo's own id: run as root, a local server runs as a user named after it, and stop ends every process of that user. */
const serverId = 'players-demo';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-players-demo-'));
fs.chmodSync(dataDir, 0o711);

type Bot = { end(): void; once(event: string, listener: (...args: unknown[]) => void): void };
const bots: Bot[] = [];

/** A Minecraft 1.21.4 client joining as `username`: 'spawned', or 'refused' with the server's reason. */
async function join(port: number, username: string): Promise<{ outcome: 'spawned' | 'refused'; reason: string; bot: Bot }> {
  const { createBot } = await import('mineflayer');
  const bot = createBot({ host: '127.0.0.1', port, username, version: '1.21.4', auth: 'offline', hideErrors: true }) as unknown as Bot;
  bots.push(bot);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${username} neither spawned nor was refused within 20 s (join ${bots.length})`)), 20_000);
    bot.once('spawn', () => {
      clearTimeout(timer);
      resolve({ outcome: 'spawned', reason: '', bot });
    });
    bot.once('kicked', (reason) => {
      clearTimeout(timer);
      resolve({ outcome: 'refused', reason: JSON.stringify(reason), bot });
    });
    bot.once('end', (reason) => {
      clearTimeout(timer);
      resolve({ outcome: 'refused', reason: String(reason), bot });
    });
  });
}

describe('players on the demo Minecraft server (local driver, sqlite)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: number;
  let cookie: string;
  let root: string;

  beforeAll(async () => {
    port = await freePort();
    const demo = await ensureDemoServer(dataDir, port, '127.0.0.1');
    const file = JSON.parse(fs.readFileSync(demo.serversFile, 'utf8'));
    file.servers[0].id = serverId;
    root = file.servers[0].cwd;
    const serversFile = path.join(dataDir, 'players-servers.json');
    fs.writeFileSync(serversFile, JSON.stringify(file));
    database = await createTestDatabase('sqlite', { migrated: true });
    app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: serversFile, GAME_SERVERS_DIR: undefined }));
    const connected = await app.inject({ method: 'POST', url: '/api/panel/session', payload: { serverId, key: demo.key } });
    expect(connected.statusCode).toBe(200);
    cookie = `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`;
  }, 60_000);

  afterAll(async () => {
    for (const bot of bots) bot.end();
    await app?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ url, headers: { cookie } });
  const send = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: payload ? { cookie, 'content-type': 'application/json' } : { cookie }, remoteAddress: '192.0.2.77' });
  const lists = async () => (await get('/api/panel/minecraft/players')).json();
  const answering = () =>
    until(
      async () => (await get('/api/panel/players')).json(),
      (p) => p.status === 'answering',
      'the demo to answer pings',
      60_000,
    );

  it('bans a player who is in the game: removed, refused while banned, let in again after the pardon', async () => {
    await answering();
    const before = await lists();
    expect(before).toMatchObject({ via: 'console', supported: ['ops', 'bans'], onlineMode: false, bans: [] });

    const first = await join(port, 'Ban_Tester');
    expect(first.outcome, first.reason + (await get('/api/panel/console/log')).body).toBe('spawned');
    const removed = new Promise<string>((resolve) => first.bot.once('end', (reason) => resolve(String(reason))));

    const banned = await send('POST', '/api/panel/minecraft/players/bans', { name: 'Ban_Tester' });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json()).toEqual({ via: 'console', message: "Sent “ban Ban_Tester” to the server's console." });
    await removed;

    // The server keeps the ban where vanilla does, and the tool lists it.
    const listed = await until(lists, (l) => l.bans.length === 1, 'the ban to be listed', 10_000);
    expect(listed.bans).toEqual([{ name: 'Ban_Tester', uuid: offlineUuid('Ban_Tester') }]);

    // Straight back: refused, with the ban's reason.
    const again = await join(port, 'Ban_Tester');
    expect(again.outcome).toBe('refused');
    // Another name still gets in: the ban is the player's, not everyone's.
    expect((await join(port, 'Other_Player')).outcome).toBe('spawned');

    const pardoned = await send('DELETE', '/api/panel/minecraft/players/bans/Ban_Tester');
    expect(pardoned.statusCode, pardoned.body).toBe(200);
    await until(lists, (l) => l.bans.length === 0, 'the ban to be lifted', 10_000);
    const back = await join(port, 'Ban_Tester').catch(async (error) => {
      throw new Error(`${error}\n${(await get('/api/panel/console/log')).body}`);
    });
    expect(back.outcome).toBe('spawned');

    const entries = (await panelAuditOf(app, serverId)).filter((e) => e.action.startsWith('panel.players.'));
    expect(entries.map((e) => [e.action, e.outcome, e.detail])).toEqual([
      ['panel.players.ban', 'ok', expect.objectContaining({ list: 'bans', name: 'Ban_Tester', via: 'console' })],
      ['panel.players.pardon', 'ok', expect.objectContaining({ list: 'bans', name: 'Ban_Tester', via: 'console' })],
    ]);
  }, 120_000);

  it('refuses names that would carry a command of their own, and a whitelist the demo does not keep', async () => {
    for (const name of ['x\nstop', 'Ban_Tester stop', 'a;stop', 'ab', 'a'.repeat(17), '../ops', '§cRed']) {
      const added = await send('POST', '/api/panel/minecraft/players/ops', { name });
      expect(added.statusCode, name).toBe(400);
      expect(added.json().error.code).toBe('invalid');
      const removedByPath = await send('DELETE', `/api/panel/minecraft/players/ops/${encodeURIComponent(name)}`);
      expect(removedByPath.statusCode, name).toBe(400);
    }
    const whitelist = await send('POST', '/api/panel/minecraft/players/whitelist', { name: 'Someone' });
    expect(whitelist.statusCode).toBe(409);
    expect(whitelist.json().error.code).toBe('list_unsupported');
    // Nothing reached the console: the server still runs.
    expect((await get('/api/panel/server')).json().state).toBe('running');
    const log = (await get('/api/panel/console/log')).body;
    expect(log).not.toMatch(/\bstop\b/);
  });

  it("while stopped, writes ops.json and banned-players.json as the server's user; the ban holds when it starts", async () => {
    expect((await send('POST', '/api/panel/power', { signal: 'stop' })).statusCode).toBe(204);
    await until(
      async () => (await get('/api/panel/server')).json(),
      (s) => s.state === 'offline',
      'the demo to stop',
      30_000,
    );
    const opped = await send('POST', '/api/panel/minecraft/players/ops', { name: 'File_Op' });
    expect(opped.json()).toMatchObject({ via: 'files' });
    const banned = await send('POST', '/api/panel/minecraft/players/bans', { name: 'Later_Ban' });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json()).toMatchObject({ via: 'files' });

    const bans = JSON.parse(fs.readFileSync(path.join(root, 'banned-players.json'), 'utf8'));
    expect(bans).toEqual([expect.objectContaining({ name: 'Later_Ban', uuid: offlineUuid('Later_Ban'), expires: 'forever', source: 'Game Panel' })]);
    // Written through the folder worker, as the server's own user (run as root), never as root.
    if (process.getuid?.() === 0) {
      const owner = fs.statSync(root).uid;
      expect(owner).not.toBe(0);
      expect(fs.statSync(path.join(root, 'banned-players.json')).uid).toBe(owner);
      expect(fs.statSync(path.join(root, 'ops.json')).uid).toBe(owner);
    }
    expect((await lists()).ops).toEqual([{ name: 'File_Op', uuid: offlineUuid('File_Op') }]);

    expect((await send('POST', '/api/panel/power', { signal: 'start' })).statusCode).toBe(204);
    await answering();
    expect((await join(port, 'Later_Ban')).outcome).toBe('refused');
    expect((await join(port, 'Not_Banned')).outcome).toBe('spawned');
  }, 120_000);
});
