import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { fakeServer, startFakePterodactyl, type FakePterodactyl } from '../fakes/fake-pterodactyl.ts';
import { fileBytes, sha512, startFakeModrinth, type FakeModrinth } from '../fakes/modrinth-fake.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { panelAuditOf } from '../helpers/panel-audit.ts';
import { testConfig } from '../helpers/test-config.ts';

/**
 * The "Mods & plugins" tool with PANEL_DRIVER=pterodactyl, on both dialects, against the fake
 * panel and Wings (test/fakes/fake-pterodactyl.ts) and the fake Modrinth: the software and
 * version from what the server's files report (this fake panel has no startup variables), the
 * panel asked to pull the file first and, as it does not, the file written through the file
 * endpoints (Wings' signed upload), read back and checked against Modrinth's SHA-512; a tampered
 * file refused with nothing left in the server's files; an update and a removal; a subuser without
 * file rights refused.
 */

const fabric = { software: 'fabric', version: '1.21.4' } as const;

describe.each(dialects)('Mods & plugins over the Pterodactyl driver on %s', (dialect) => {
  let database: TestDatabase;
  let panel: FakePterodactyl;
  let modrinth: FakeModrinth;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    modrinth = await startFakeModrinth();
    panel = await startFakePterodactyl({
      wings: { statsIntervalMs: 0 },
      servers: [{ ...fakeServer, files: { 'server.properties': 'motd=Fake\n', 'fabric-server-launch.jar': 'launcher', '.fabric/remapped': '' } }],
    });
    app = await buildApp(testConfig(database.url, { PANEL_DRIVER: 'pterodactyl', PANEL_URL: panel.url, MODRINTH_API_URL: modrinth.apiUrl }));
    await app.ready();
    cookie = await connect(panel.keys.client);
  });

  afterAll(async () => {
    await app?.close();
    await panel?.close();
    await modrinth?.close();
    await database?.drop();
  });

  let ip = 0;
  async function connect(key: string): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/panel/session',
      payload: { serverId: panel.serverId, key },
      remoteAddress: `10.9.0.${++ip}`,
    });
    expect(response.statusCode).toBe(200);
    return `hf_panel=${response.cookies.find((c) => c.name === 'hf_panel')!.value}`;
  }
  const get = (url: string, as = cookie) => app.inject({ url, headers: { cookie: as } });
  const send = (method: 'POST' | 'DELETE', url: string, payload?: object, as = cookie) =>
    app.inject({ method, url, payload, headers: payload ? { cookie: as, 'content-type': 'application/json' } : { cookie: as } });
  const files = () => panel.server(panel.serverId).files;
  const names = (folder: string) =>
    [...files().nodes.keys()]
      .filter((p) => p.startsWith(`/${folder}/`))
      .map((p) => p.slice(folder.length + 2))
      .sort();

  it('reads the software from the server’s files when the panel has no startup variables to give', async () => {
    const answer = await get('/api/panel/modrinth/context');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ software: 'fabric', softwareSource: 'files', levelName: 'world' });
    // The startup variables were asked for (this fake panel has none).
    expect(panel.requests.some((r) => r.method === 'GET' && r.path.endsWith('/startup'))).toBe(true);
  });

  it('searches Fabric mods for the version', async () => {
    const answer = await get('/api/panel/modrinth/search?software=fabric&version=1.21.4&kind=mod');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().hits.map((hit: { projectId: string }) => hit.projectId)).toEqual(['FabApi01', 'Lithum01', 'NoChat01']);
  });

  it('installs a mod and its required dependency through the panel’s file endpoints, with Modrinth’s hash', async () => {
    const plan = await get(`/api/panel/modrinth/projects/no-chat-reports/plan?software=fabric&version=1.21.4&kind=mod`);
    expect(plan.json().dependencies.map((d: { title: string }) => d.title)).toEqual(['Fabric API']);
    const before = panel.requests.length;
    const answer = await send('POST', '/api/panel/modrinth/installs', { ...fabric, kind: 'mod', projectId: 'no-chat-reports', dependencies: ['FabApi01'] });
    expect(answer.statusCode).toBe(200);
    expect(names('mods')).toEqual(['NoChatReports-FABRIC-1.21.4-v2.11.0.jar', 'fabric-api-0.114.0+1.21.4.jar']);
    expect(sha512(files().contents('/mods/fabric-api-0.114.0+1.21.4.jar'))).toBe(sha512(fileBytes('FApi0001')));
    expect(sha512(files().contents('/mods/NoChatReports-FABRIC-1.21.4-v2.11.0.jar'))).toBe(sha512(fileBytes('NoCh0001')));
    const calls = panel.requests.slice(before).map((r) => `${r.method} ${r.path.replace(/^\/api\/client\/servers\/[^/]+/, '')}`);
    // The panel was asked to pull it from Modrinth; this one may not, so it was written through Wings' signed upload.
    expect(calls).toContain('POST /files/pull');
    expect(calls).toContain('GET /files/upload');
    expect(calls).toContain('PUT /files/rename');
    expect(answer.json().restartSuggested).toBe(false);
  });

  it('refuses a tampered file and leaves nothing in the server’s files', async () => {
    modrinth.tamper('Lith0001');
    const before = names('mods');
    const answer = await send('POST', '/api/panel/modrinth/installs', { ...fabric, kind: 'mod', projectId: 'lithium' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.message).toMatch(/does not match the SHA-512 Modrinth publishes/);
    expect(names('mods')).toEqual(before);
  });

  it('updates to a newer fitting version and removes, in one call each, and audits both', async () => {
    modrinth.publish({
      id: 'FApi0002',
      projectId: 'FabApi01',
      versionNumber: '0.115.0+1.21.4',
      loaders: ['fabric'],
      gameVersions: ['1.21.4'],
      published: '2025-02-01T10:00:00Z',
      fileName: 'fabric-api-0.115.0+1.21.4.jar',
    });
    const list = await get('/api/panel/modrinth/installs?software=fabric&version=1.21.4');
    expect(list.json().projects.find((p: { projectId: string }) => p.projectId === 'FabApi01').update).toEqual({
      versionId: 'FApi0002',
      versionNumber: '0.115.0+1.21.4',
    });
    const updated = await send('POST', '/api/panel/modrinth/installs/FabApi01/update', fabric);
    expect(updated.statusCode).toBe(200);
    expect(names('mods')).toEqual(['NoChatReports-FABRIC-1.21.4-v2.11.0.jar', 'fabric-api-0.115.0+1.21.4.jar']);
    expect(sha512(files().contents('/mods/fabric-api-0.115.0+1.21.4.jar'))).toBe(sha512(fileBytes('FApi0002')));

    panel.setState(panel.serverId, { state: 'running' });
    const removed = await send('DELETE', '/api/panel/modrinth/installs/NoChat01');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ restartSuggested: true, message: 'Removed No Chat Reports. Restart the server to load the change.' });
    expect(names('mods')).toEqual(['fabric-api-0.115.0+1.21.4.jar']);

    const audit = (await panelAuditOf(app, panel.serverId)).filter((e) => e.action.startsWith('panel.modrinth.'));
    expect(audit.map((e) => [e.action, e.outcome, e.detail?.project])).toEqual([
      ['panel.modrinth.install', 'ok', 'Fabric API'],
      ['panel.modrinth.install', 'ok', 'No Chat Reports'],
      ['panel.modrinth.install', 'refused', 'Lithium'],
      ['panel.modrinth.update', 'ok', 'Fabric API'],
      ['panel.modrinth.remove', 'ok', 'No Chat Reports'],
    ]);
  });

  it('refuses a key that may not add files, before Modrinth or the files are touched', async () => {
    const readOnly = await connect(panel.keys.readOnly);
    const before = names('mods');
    const answer = await send('POST', '/api/panel/modrinth/installs', { ...fabric, kind: 'mod', projectId: 'lithium' }, readOnly);
    expect(answer.statusCode).toBe(403);
    expect(names('mods')).toEqual(before);
  });
});

describe.each(dialects)('Mods & plugins where the panel pulls files itself, on %s', (dialect) => {
  let database: TestDatabase;
  let panel: FakePterodactyl;
  let modrinth: FakeModrinth;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    modrinth = await startFakeModrinth();
    panel = await startFakePterodactyl({
      wings: { statsIntervalMs: 0 },
      panel: { remoteDownloads: true },
      servers: [{ ...fakeServer, files: { 'server.properties': 'motd=Fake\n' } }],
    });
    app = await buildApp(testConfig(database.url, { PANEL_DRIVER: 'pterodactyl', PANEL_URL: panel.url, MODRINTH_API_URL: modrinth.apiUrl }));
    await app.ready();
    const response = await app.inject({
      method: 'POST',
      url: '/api/panel/session',
      payload: { serverId: panel.serverId, key: panel.keys.client },
      remoteAddress: '10.9.1.1',
    });
    cookie = `hf_panel=${response.cookies.find((c) => c.name === 'hf_panel')!.value}`;
  });

  afterAll(async () => {
    await app?.close();
    await panel?.close();
    await modrinth?.close();
    await database?.drop();
  });

  const install = (projectId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/panel/modrinth/installs',
      payload: { ...fabric, kind: 'mod', projectId },
      headers: { cookie, 'content-type': 'application/json' },
    });
  const names = () => [...panel.server(panel.serverId).files.nodes.keys()].filter((p) => p.startsWith('/mods/')).sort();
  const callsSince = (index: number) =>
    panel.requests.slice(index).map((r) => `${r.method} ${r.path.replace(/^\/api\/client\/servers\/[^/]+/, '').replace(/\?.*$/, '')}`);

  it('has the panel pull the file from Modrinth, then checks what landed', async () => {
    const before = panel.requests.length;
    const cdnBefore = modrinth.requests.filter((r) => r.url.startsWith('/cdn/')).length;
    const answer = await install('lithium');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(names()).toEqual(['/mods/lithium-fabric-0.14.7+mc1.21.4.jar']);
    expect(sha512(panel.server(panel.serverId).files.contents('/mods/lithium-fabric-0.14.7+mc1.21.4.jar'))).toBe(sha512(fileBytes('Lith0001')));
    const calls = callsSince(before);
    expect(calls).toContain('POST /files/pull');
    // Pulled, not written by us: read back through a signed download to be checked.
    expect(calls).not.toContain('GET /files/upload');
    expect(calls).toContain('GET /files/download');
    // Fetched from the CDN once: by the panel.
    expect(modrinth.requests.filter((r) => r.url.startsWith('/cdn/')).length).toBe(cdnBefore + 1);
  });

  it('removes a pulled file whose bytes do not match the published SHA-512, leaving nothing behind', async () => {
    modrinth.tamper('FApi0001');
    const before = panel.requests.length;
    const answer = await install('fabric-api');
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.code).toBe('hash_mismatch');
    // It did land (the panel pulled it), and was deleted: only Lithium is there.
    expect(callsSince(before)).toContain('POST /files/pull');
    expect(callsSince(before)).toContain('POST /files/delete');
    expect(names()).toEqual(['/mods/lithium-fabric-0.14.7+mc1.21.4.jar']);
  });
});
