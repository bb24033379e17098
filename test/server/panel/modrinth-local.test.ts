import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { fileBytes, sha512, startFakeModrinth, type FakeModrinth } from '../../fakes/modrinth-fake.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { panelAuditOf } from '../../helpers/panel-audit.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { tempGameServer, type TempGameServer } from '../../helpers/temp-game-server.ts';
import { testConfig } from '../../helpers/test-config.ts';

/**
 * The "Mods & plugins" tool on the local driver, run as root as in production, against the fake
 * Modrinth (test/fakes/modrinth-fake.ts): the software and version read from the servers file, a
 * search narrowed to the loaders and the version, an install whose file lands in plugins/ owned by
 * the server's user with Modrinth's SHA-512, its required dependency, a tampered file refused with
 * nothing left behind, an update, a removal, the audit entries, and ids and names that try to
 * leave their place refused with 400.
 */

const paper = 'software=paper&version=1.21.4';

describe.each(dialects)('Mods & plugins on the local driver, %s', (dialect) => {
  let database: TestDatabase;
  let server: TempGameServer;
  let modrinth: FakeModrinth;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    modrinth = await startFakeModrinth();
    server = tempGameServer({
      id: `mods-${dialect}`,
      files: { 'server.properties': 'level-name=survival\nmotd=Mods\n' },
      extra: { env: { GAME_STARTUP_MS: '200', TYPE: 'PAPER', MINECRAFT_VERSION: '1.21.4' } },
    });
    app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: server.serversFile, MODRINTH_API_URL: modrinth.apiUrl }));
    const connected = await app.inject({
      method: 'POST',
      url: '/api/panel/session',
      payload: { serverId: server.id, key: fixtureKey },
      remoteAddress: '192.0.2.60',
    });
    expect(connected.statusCode).toBe(200);
    cookie = `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`;
  });

  afterAll(async () => {
    await app?.close();
    await modrinth?.close();
    await database?.drop();
    server?.remove();
  });

  const get = (url: string) => app.inject({ url, headers: { cookie } });
  const send = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: payload ? { cookie, 'content-type': 'application/json' } : { cookie }, remoteAddress: '192.0.2.60' });
  const fileHash = (relative: string) =>
    createHash('sha512')
      .update(fs.readFileSync(path.join(server.root, relative)))
      .digest('hex');
  const folderNames = (relative: string) => (fs.existsSync(path.join(server.root, relative)) ? fs.readdirSync(path.join(server.root, relative)).sort() : []);

  it('reads the software and version from the servers file, and the world from server.properties', async () => {
    const answer = await get('/api/panel/modrinth/context');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ software: 'paper', gameVersion: '1.21.4', softwareSource: 'variables', versionSource: 'variables', levelName: 'survival' });
  });

  it('searches with the loaders and the game version as facets, as the server asks Modrinth', async () => {
    const plugins = await get(`/api/panel/modrinth/search?${paper}&kind=plugin`);
    expect(plugins.statusCode).toBe(200);
    const titles = plugins.json().hits.map((hit: { title: string }) => hit.title);
    // The 1.20.1-only plugin and the mods are not offered.
    expect(titles).toEqual(['EssentialsX', 'LuckPerms', 'EssentialsX Chat']);
    expect(plugins.json().hits[0]).toMatchObject({ projectId: 'EssXpl01', downloads: 3_400_000, updatedAt: '2025-01-10T12:00:00.000Z' });
    const search = modrinth.requests.find((r) => r.url.startsWith('/v2/search'))!;
    const facets = JSON.parse(new URL(search.url, 'http://x').searchParams.get('facets')!);
    expect(facets).toEqual([['categories:paper', 'categories:spigot', 'categories:bukkit'], ['versions:1.21.4']]);
    expect(search.userAgent).toMatch(/^hostfront\/\d+\.\d+\.\d+ \(http/);

    const older = await get('/api/panel/modrinth/search?software=paper&version=1.20.1&kind=plugin');
    expect(older.json().hits.map((hit: { title: string }) => hit.title)).toEqual(['Old Plugin']);
    const mods = await get('/api/panel/modrinth/search?software=fabric&version=1.21.4&kind=mod');
    // Fabric mods a server can run: not the client-only one, not Forge's, not a plugin.
    expect(
      mods
        .json()
        .hits.map((hit: { title: string }) => hit.title)
        .sort(),
    ).toEqual(['Fabric API', 'Lithium', 'No Chat Reports']);
    const named = await get('/api/panel/modrinth/search?software=fabric&version=1.21.4&kind=mod&q=chat');
    expect(named.json().hits.map((hit: { title: string }) => hit.title)).toEqual(['No Chat Reports']);
    const refused = await get('/api/panel/modrinth/search?software=paper&version=1.21.4&kind=mod');
    expect(refused.statusCode).toBe(400);
  });

  it('plans an install with its required dependency, and installs both where Paper reads them, as the server’s user, with Modrinth’s hash', async () => {
    const plan = await get(`/api/panel/modrinth/projects/essentialsx-chat/plan?${paper}&kind=plugin`);
    expect(plan.statusCode).toBe(200);
    expect(plan.json()).toMatchObject({ projectId: 'EssXch01', version: { versionId: 'EsCh0210', fileName: 'EssentialsXChat-2.21.0.jar' } });
    // The required dependency is offered; the optional one is not.
    expect(plan.json().dependencies.map((d: { projectId: string }) => d.projectId)).toEqual(['EssXpl01']);

    const installed = await send('POST', '/api/panel/modrinth/installs', {
      software: 'paper',
      version: '1.21.4',
      kind: 'plugin',
      projectId: 'EssXch01',
      dependencies: ['EssXpl01'],
    });
    expect(installed.statusCode).toBe(200);
    expect(installed.json().changed.map((c: { path: string }) => c.path)).toEqual(['plugins/EssentialsX-2.21.0.jar', 'plugins/EssentialsXChat-2.21.0.jar']);
    expect(folderNames('plugins')).toEqual(['EssentialsX-2.21.0.jar', 'EssentialsXChat-2.21.0.jar']);
    expect(fileHash('plugins/EssentialsX-2.21.0.jar')).toBe(sha512(fileBytes('EssX0210')));
    expect(fileHash('plugins/EssentialsXChat-2.21.0.jar')).toBe(sha512(fileBytes('EsCh0210')));
    const folderOwner = fs.statSync(server.root).uid;
    if (process.getuid?.() === 0) {
      // Written by the folder worker as the server's own user, never root.
      expect(folderOwner).not.toBe(0);
      expect(fs.statSync(path.join(server.root, 'plugins/EssentialsX-2.21.0.jar')).uid).toBe(folderOwner);
      expect(fs.statSync(path.join(server.root, 'plugins')).uid).toBe(folderOwner);
    }

    const list = await get(`/api/panel/modrinth/installs?${paper}`);
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .projects.map((p: { title: string; versionNumber: string; present: boolean; update: unknown }) => [p.title, p.versionNumber, p.present, p.update]),
    ).toEqual([
      ['EssentialsX', '2.21.0', true, null],
      ['EssentialsX Chat', '2.21.0', true, null],
    ]);
  });

  it('installs a datapack in the world’s datapacks folder', async () => {
    const answer = await send('POST', '/api/panel/modrinth/installs', { software: 'paper', version: '1.21.4', kind: 'datapack', projectId: 'terralith' });
    expect(answer.statusCode).toBe(200);
    expect(folderNames('survival/datapacks')).toEqual(['Terralith_1.21.x_v2.5.8.zip']);
    expect(fileHash('survival/datapacks/Terralith_1.21.x_v2.5.8.zip')).toBe(sha512(fileBytes('Terr0001')));
  });

  it('refuses a file whose bytes do not match the published SHA-512, and leaves nothing behind', async () => {
    modrinth.tamper('LuPm0530');
    const before = folderNames('plugins');
    const answer = await send('POST', '/api/panel/modrinth/installs', { software: 'paper', version: '1.21.4', kind: 'plugin', projectId: 'LuckPm01' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.code).toBe('hash_mismatch');
    expect(folderNames('plugins')).toEqual(before);
    const list = await get(`/api/panel/modrinth/installs?${paper}`);
    expect(list.json().projects.map((p: { projectId: string }) => p.projectId)).not.toContain('LuckPm01');
  });

  it('shows an update when Modrinth publishes a newer fitting version, and updates in one call', async () => {
    modrinth.publish({
      id: 'EssX0220',
      projectId: 'EssXpl01',
      versionNumber: '2.22.0',
      loaders: ['paper', 'spigot'],
      gameVersions: ['1.21.4'],
      published: '2025-03-01T10:00:00Z',
      fileName: 'EssentialsX-2.22.0.jar',
    });
    const list = await get(`/api/panel/modrinth/installs?${paper}`);
    const essentials = list.json().projects.find((p: { projectId: string }) => p.projectId === 'EssXpl01');
    expect(essentials.update).toEqual({ versionId: 'EssX0220', versionNumber: '2.22.0' });

    const updated = await send('POST', '/api/panel/modrinth/installs/EssXpl01/update', { software: 'paper', version: '1.21.4' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toContain('EssentialsX 2.22.0');
    // The old file is gone, the new one has the new hash.
    expect(folderNames('plugins')).toEqual(['EssentialsX-2.22.0.jar', 'EssentialsXChat-2.21.0.jar']);
    expect(fileHash('plugins/EssentialsX-2.22.0.jar')).toBe(sha512(fileBytes('EssX0220')));
    const after = await get(`/api/panel/modrinth/installs?${paper}`);
    expect(after.json().projects.find((p: { projectId: string }) => p.projectId === 'EssXpl01')).toMatchObject({ versionNumber: '2.22.0', update: null });
  });

  it('removes an installed project and its file', async () => {
    const removed = await send('DELETE', '/api/panel/modrinth/installs/EssXch01');
    expect(removed.statusCode).toBe(200);
    expect(folderNames('plugins')).toEqual(['EssentialsX-2.22.0.jar']);
    const again = await send('DELETE', '/api/panel/modrinth/installs/EssXch01');
    expect(again.statusCode).toBe(404);
  });

  it('records every install, update and removal in the audit log, in words', async () => {
    const entries = (await panelAuditOf(app, server.id)).filter((e) => e.action.startsWith('panel.modrinth.'));
    expect(entries.map((e) => [e.action, e.outcome, e.detail?.project, e.detail?.version])).toEqual([
      ['panel.modrinth.install', 'ok', 'EssentialsX', '2.21.0'],
      ['panel.modrinth.install', 'ok', 'EssentialsX Chat', '2.21.0'],
      ['panel.modrinth.install', 'ok', 'Terralith', '2.5.8'],
      ['panel.modrinth.install', 'refused', 'LuckPerms', '5.4.150'],
      ['panel.modrinth.update', 'ok', 'EssentialsX', '2.22.0'],
      ['panel.modrinth.remove', 'ok', 'EssentialsX Chat', '2.21.0'],
    ]);
    expect(entries[3]?.detail?.error).toBe('hash_mismatch');
    expect(entries[4]?.detail?.from).toBe('2.21.0');
  });

  it('refuses ids, versions and software that try to leave their place, with 400 and nothing asked of Modrinth', async () => {
    const asked = modrinth.requests.length;
    for (const id of ['..%2F..%2Fetc', '%2e%2e', 'a%2Fb', '.hidden', 'x%00y', 'a%20b']) {
      // 400 from the contract, or 404 where the router already normalised `..` away from the route.
      const plan = await get(`/api/panel/modrinth/projects/${id}/plan?${paper}&kind=plugin`);
      expect([400, 404], id).toContain(plan.statusCode);
      const update = await send('POST', `/api/panel/modrinth/installs/${id}/update`, { software: 'paper', version: '1.21.4' });
      expect([400, 404], id).toContain(update.statusCode);
      const removed = await send('DELETE', `/api/panel/modrinth/installs/${id}`);
      expect([400, 404], id).toContain(removed.statusCode);
    }
    for (const id of ['a%2Fb', '.hidden', 'x%00y', 'a%20b', 'a%25b', 'a.b']) {
      const plan = await get(`/api/panel/modrinth/projects/${id}/plan?${paper}&kind=plugin`);
      expect(plan.statusCode, id).toBe(400);
      expect(plan.json().error.fields, id).toHaveProperty('projectId');
    }
    for (const payload of [
      { software: 'paper', version: '1.21.4', kind: 'plugin', projectId: '../../etc/passwd' },
      { software: 'paper', version: '1.21.4; rm -rf /', kind: 'plugin', projectId: 'EssXpl01' },
      { software: 'paper/../../', version: '1.21.4', kind: 'plugin', projectId: 'EssXpl01' },
      { software: 'paper', version: '1.21.4', kind: 'plugin', projectId: 'EssXpl01', versionId: '../x' },
      { software: 'paper', version: '1.21.4', kind: 'plugin', projectId: 'EssXpl01', dependencies: ['a/b'] },
    ]) {
      const answer = await send('POST', '/api/panel/modrinth/installs', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(modrinth.requests.length).toBe(asked);
    expect(fs.readdirSync(server.outside)).toEqual(['secret.txt']);
  });

  it('passes Modrinth’s icons to a connected browser, and nothing else', async () => {
    const hit = (await get(`/api/panel/modrinth/search?${paper}&kind=plugin`)).json().hits[0];
    const icon = await get(`/api/panel/modrinth/icon?url=${encodeURIComponent(hit.iconUrl)}`);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    for (const url of ['http://127.0.0.1:1/icon.png', 'https://example.com/icon.png', 'file:///etc/passwd']) {
      const refused = await get(`/api/panel/modrinth/icon?url=${encodeURIComponent(url)}`);
      expect([400, 404], url).toContain(refused.statusCode);
    }
    const stranger = await app.inject({ url: `/api/panel/modrinth/icon?url=${encodeURIComponent(hit.iconUrl)}` });
    expect(stranger.statusCode).toBe(401);
  });

  it('says so in a sentence when Modrinth is not answering, and changes nothing', async () => {
    modrinth.unavailable(1);
    const before = folderNames('plugins');
    const answer = await send('POST', '/api/panel/modrinth/installs', { software: 'paper', version: '1.21.4', kind: 'plugin', projectId: 'LuckPm01' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().error.message).toBe('Modrinth is not answering right now (it answered 503). Please try again in a minute; nothing was changed.');
    expect(folderNames('plugins')).toEqual(before);
    // The installed list still answers, saying why it shows no updates.
    modrinth.unavailable(1);
    const list = await get(`/api/panel/modrinth/installs?${paper}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().updatesNote).toBe(
      'Updates could not be checked: Modrinth is not answering right now (it answered 503). Please try again in a minute; nothing was changed.',
    );
    expect(list.json().projects.length).toBeGreaterThan(0);
  });

  it('says so when Modrinth limits the rate, and waits for the reset before asking again', async () => {
    modrinth.rateLimit(1, 30);
    const limited = await get(`/api/panel/modrinth/search?${paper}&kind=plugin`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/Modrinth asks us to slow down\. Please try again in 30 seconds\./);
    expect(limited.headers['retry-after']).toBe('30');
    const asked = modrinth.requests.length;
    const again = await get(`/api/panel/modrinth/search?${paper}&kind=plugin`);
    expect(again.statusCode).toBe(429);
    // Refused here: Modrinth was not asked during its window.
    expect(modrinth.requests.length).toBe(asked);
  });
});
