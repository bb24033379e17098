import fs from 'node:fs';
import path from 'node:path';
import mc from 'minecraft-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyPackages } from '../../server/lib/lazy-imports.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { fixtureKey } from '../helpers/panel-fixture.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { tempGameServer, type TempGameServer } from '../helpers/temp-game-server.ts';
import { writeMonitorsFile } from './status-helpers.ts';

// docs/decisions.md 40: the libraries only some requests need are loaded on their first need. The
// real server (a child process) records every module it loads (test/helpers/record-loaded-modules.ts):
// at rest none of them is there; then each capability's first request works and brings its library.

const recorder = path.resolve('test/helpers/record-loaded-modules.ts');
const contactTo = 'support@hostfront.example';

describe.each(dialects)('capabilities loaded on their first request (%s)', (dialect) => {
  let database: TestDatabase;
  let inbox: SmtpInbox & { failNext(count: number): void };
  let minecraft: ReturnType<typeof mc.createServer>;
  let game: TempGameServer;
  let server: ServerProcess;
  let loadedFile: string;

  /** The packages the server has loaded so far (from node_modules, by name). */
  const loaded = (): Set<string> => {
    const names = new Set<string>();
    for (const url of fs.readFileSync(loadedFile, 'utf8').split('\n')) {
      const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
      if (match) names.add(match[1]!);
    }
    return names;
  };
  const timings: string[] = [];
  /** A request's answer and its time; the first of each capability is compared with the second. */
  const timed = async (label: string, request: () => Promise<Response>): Promise<Response> => {
    const started = performance.now();
    const first = await request();
    const firstMs = performance.now() - started;
    const again = performance.now();
    await (await request()).arrayBuffer();
    timings.push(`${label}: first ${firstMs.toFixed(0)} ms, second ${(performance.now() - again).toFixed(0)} ms`);
    return first;
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    inbox = await startSmtpInbox();
    const mcPort = await freePort();
    minecraft = mc.createServer({ port: mcPort, host: '127.0.0.1', 'online-mode': false, version: '1.21.4', motd: 'Lazy', maxPlayers: 7 });
    await new Promise<void>((resolve) => minecraft.once('listening', () => resolve()));
    game = tempGameServer({ id: 'lazy-mc', files: { 'server.properties': 'motd=lazy\n' } });
    loadedFile = path.join(game.dir, 'loaded-modules.txt');
    server = await startServer(
      {
        DATABASE_URL: database.url,
        SMTP_URL: inbox.url,
        CONTACT_EMAIL_TO: contactTo,
        LOCAL_SERVERS_FILE: game.serversFile,
        MONITORS_FILE: writeMonitorsFile({
          monitors: [
            { id: 'smp', name: 'SMP', type: 'minecraft', target: `127.0.0.1:${mcPort}`, intervalSeconds: 1, timeoutSeconds: 2, failuresBeforeDown: 1 },
          ],
        }),
        RECORD_LOADED_MODULES: loadedFile,
      },
      { nodeArgs: ['--import', recorder] },
    );
  });
  afterAll(async () => {
    await server?.stop();
    minecraft?.close();
    await inbox?.close();
    game?.remove();
    await database?.drop();
    if (timings.length) console.log(`lazy capabilities (${dialect}):\n  ${timings.join('\n  ')}`);
  });

  it('holds none of the lazily loaded libraries at rest, the Minecraft monitor answered by the server’s own ping', async () => {
    const deadline = Date.now() + 15_000;
    let smp: { status?: string; version?: string; players?: unknown } | undefined;
    do {
      await new Promise((r) => setTimeout(r, 100));
      const report = (await (await fetch(`${server.url}/api/status`)).json()) as { servers: { id: string; status: string; version?: string }[] };
      smp = report.servers.find((s) => s.id === 'smp');
    } while (smp?.status !== 'operational' && Date.now() < deadline);
    expect(smp).toMatchObject({ status: 'operational', version: '1.21.4', players: { online: 0, max: 7 } });

    const atRest = loaded();
    expect(atRest.has('fastify')).toBe(true);
    const expected = dialect === 'postgres' ? lazyPackages.filter((name) => name !== 'pg') : lazyPackages;
    expect(expected.filter((name) => atRest.has(name))).toEqual([]);
    expect(atRest.has('minecraft-protocol')).toBe(false);
    expect(atRest.has('minecraft-data')).toBe(false);
    expect(atRest.has('pg')).toBe(dialect === 'postgres');
  });

  it('draws a badge on the first request', async () => {
    const response = await timed('badge', () => fetch(`${server.url}/api/status/badges/smp.svg`));
    expect(response.status).toBe(200);
    const svg = await response.text();
    expect(svg).toMatch(/^<svg/);
    expect(svg).toContain('SMP');
    expect(loaded().has('badge-maker')).toBe(true);
  });

  it('describes the API on the first request for /api/openapi.json, every route included', async () => {
    expect(loaded().has('yaml')).toBe(false);
    const response = await timed('OpenAPI document', () => fetch(`${server.url}/api/openapi.json`));
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    // Routes of the first capabilities registered and of the last ones alike.
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/status/', '/api/contact/', '/api/staff/alerts/settings']));
    expect(Object.keys(document.paths['/api/contact/']!)).toEqual(['post']);
    expect(loaded().has('@fastify/swagger')).toBe(true);
  });

  it('writes the Atom feed on the first request', async () => {
    const response = await timed('feed', () => fetch(`${server.url}/network-status/feed.atom`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/atom\+xml/);
    expect(await response.text()).toMatch(/<feed xmlns="http:\/\/www.w3.org\/2005\/Atom"/);
    expect(loaded().has('feed')).toBe(true);
  });

  it('hands out passkey sign-in options on the first request', async () => {
    const response = await timed('passkey options', () =>
      fetch(`${server.url}/api/staff/signin/options`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { options: { challenge: string; rpId: string; userVerification: string } };
    expect(body.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(body.options.challenge).toMatch(/^[\w-]{20,}$/);
    expect(loaded().has('@simplewebauthn/server')).toBe(true);
  });

  it('sends the first contact message by e-mail through a real SMTP server', async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Asha Rao', email: 'asha@example.com', subject: 'First mail', message: 'Does the first mail arrive?' }),
    });
    expect(response.status).toBeLessThan(300);
    await inbox.waitFor((i) => i.to(contactTo).length === 1);
    timings.push(`contact e-mail: accepted by the SMTP server ${(performance.now() - started).toFixed(0)} ms after the post`);
    expect(inbox.to(contactTo)[0]!.text).toContain('Does the first mail arrive?');
    expect(loaded().has('nodemailer')).toBe(true);
  });

  it('makes the first backup archive', async () => {
    const session = await fetch(`${server.url}/api/panel/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ serverId: game.id, key: fixtureKey }),
    });
    expect(session.status).toBe(200);
    const cookie = session.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const started = performance.now();
    const created = await fetch(`${server.url}/api/panel/backups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: 'First' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const deadline = Date.now() + 15_000;
    let backup: { id: string; state: string; size: number } | undefined;
    do {
      await new Promise((r) => setTimeout(r, 50));
      const list = (await (await fetch(`${server.url}/api/panel/backups`, { headers: { cookie } })).json()) as {
        backups: { id: string; state: string; size: number }[];
      };
      backup = list.backups.find((b) => b.id === id);
    } while (backup?.state === 'creating' && Date.now() < deadline);
    timings.push(`backup: ready ${(performance.now() - started).toFixed(0)} ms after the request`);
    expect(backup).toMatchObject({ state: 'ready' });
    expect(backup!.size).toBeGreaterThan(0);
    // As root the archive is made by the folder worker, as the server's own user (docs/decisions.md
    // 41): the app itself then never loads tar. Otherwise it packs in-process, on this first need.
    expect(loaded().has('tar')).toBe(process.getuid?.() !== 0);
  });

  it('never loads the pretty log writer when the output is not a terminal', () => {
    expect(loaded().has('pino-pretty')).toBe(false);
  });
});
