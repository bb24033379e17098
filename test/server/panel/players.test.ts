import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'minecraft-protocol';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { GameServerDriver } from '../../../server/panel/driver.ts';
import { ensureDemoServer } from '../../../server/panel/local/demo.ts';
import { hashKey } from '../../../server/panel/local/key-hash.ts';
import { createLocalDriver } from '../../../server/panel/local/local-driver.ts';
import { loadServersFile } from '../../../server/panel/local/servers-file.ts';
import { createPterodactylDriver } from '../../../server/panel/pterodactyl/pterodactyl-driver.ts';
import { fakeServer, startFakePterodactyl, type FakePterodactyl } from '../../fakes/fake-pterodactyl.ts';
import { freePort } from '../../helpers/free-port.ts';
import { reachableFixture } from '../../helpers/reachable-fixture.ts';
import { until } from '../../helpers/until.ts';

/** The players list: a real Minecraft client on the demo server, and the answers when there is no Minecraft to ask. */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-players-'));
fs.chmodSync(dataDir, 0o711);
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('players on the local driver', () => {
  it('lists a real Minecraft client that joined the demo server by name', async () => {
    const port = await freePort();
    const demo = await ensureDemoServer(dataDir, port, '127.0.0.1');
    const driver = createLocalDriver({ servers: loadServersFile(demo.serversFile), log: { info() {}, warn() {} }, statsIntervalMs: 1000 });
    cleanups.push(() => driver.close());
    const credentials = { serverId: demo.serverId, key: demo.key };
    // The demo starts with the app (autostart).
    const empty = await until(
      () => driver.getPlayers(credentials),
      (p) => p.status === 'answering',
      'the demo server to answer pings',
      45_000,
    );
    expect(empty).toEqual({ status: 'answering', online: 0, max: 10, names: [], version: '1.21.4' });

    const { createBot } = await import('mineflayer');
    const bot = createBot({ host: '127.0.0.1', port, username: 'Panel_Tester', version: '1.21.4', auth: 'offline', hideErrors: true });
    cleanups.push(() => bot.end());
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the bot did not spawn within 20 s')), 20_000);
      bot.once('spawn', () => {
        clearTimeout(timer);
        resolve();
      });
      bot.once('kicked', (reason) => reject(new Error(`kicked: ${reason}`)));
      bot.once('error', reject);
    });
    const joined = await until(
      () => driver.getPlayers(credentials),
      (p) => p.status === 'answering' && p.online === 1,
      'the player to be listed',
      10_000,
    );
    expect(joined).toEqual({ status: 'answering', online: 1, max: 10, names: ['Panel_Tester'], version: '1.21.4' });
  }, 90_000);

  it('says "not a Minecraft server" without a game port or when the port does not speak Minecraft, "not answering" when nothing listens', async () => {
    const keyHash = await hashKey('k');
    // Something that listens on the port but speaks HTTP.
    const accepted: net.Socket[] = [];
    const quiet = net.createServer((socket) => {
      accepted.push(socket);
      socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    });
    await new Promise<void>((resolve) => quiet.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      for (const socket of accepted) socket.destroy();
      return new Promise<void>((resolve) => quiet.close(() => resolve()));
    });
    const closedPort = await freePort();
    const entry = (id: string, minecraftPort?: number) => ({
      id,
      name: id,
      description: '',
      command: 'node',
      args: [reachableFixture('game-server.mjs')],
      // Each server its own folder: run as root, each runs as its own user.
      cwd: path.join(dataDir, id),
      env: { GAME_STARTUP_MS: '50' },
      limits: { memory: 0, disk: 0, cpu: 0 },
      readyPattern: /Done/,
      stopCommand: 'stop',
      stopTimeoutSeconds: 5,
      autostart: true,
      keyHash,
      minecraftPort,
    });
    const driver = createLocalDriver({
      servers: [entry('no-port'), entry('http', (quiet.address() as net.AddressInfo).port), entry('closed', closedPort)],
      log: { info() {}, warn() {} },
    });
    cleanups.push(() => driver.close());
    for (const id of ['no-port', 'http', 'closed']) {
      await until(
        () => driver.getServer({ serverId: id, key: 'k' }),
        (s) => s.state === 'running',
        `${id} running`,
        10_000,
      );
    }
    expect(await driver.getPlayers({ serverId: 'no-port', key: 'k' })).toEqual({ status: 'not_minecraft' });
    expect(await driver.getPlayers({ serverId: 'http', key: 'k' })).toEqual({ status: 'not_minecraft' });
    expect(await driver.getPlayers({ serverId: 'closed', key: 'k' })).toEqual({ status: 'not_answering', reason: 'Nothing is listening on the game port.' });
    await expect(driver.getPlayers({ serverId: 'http', key: 'wrong' })).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('players on the Pterodactyl driver', () => {
  let panel: FakePterodactyl;
  let driver: GameServerDriver;

  /** A real Minecraft protocol server (minecraft-protocol's) on loopback, listing two players. */
  async function minecraftAt(): Promise<{ server: Server; port: number }> {
    const port = await freePort();
    const server = createServer({
      host: '127.0.0.1',
      port,
      'online-mode': false,
      version: '1.21.4',
      maxPlayers: 20,
      beforePing: (response: { players: { online: number; sample: unknown[] } }) => {
        response.players.online = 2;
        response.players.sample = [
          { name: 'Alex', id: '00000000-0000-4000-8000-000000000001' },
          { name: 'Steve', id: '00000000-0000-4000-8000-000000000002' },
        ];
        return response;
      },
    } as Parameters<typeof createServer>[0]);
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    cleanups.push(() => server.close());
    return { server, port };
  }

  async function startPanel(allocation: { ip: string; ip_alias: string | null; port: number } | null) {
    panel = await startFakePterodactyl({ servers: [{ ...fakeServer, allocation }] });
    driver = createPterodactylDriver({ panelUrl: panel.url });
    cleanups.push(async () => {
      await driver.close();
      await panel.close();
    });
    return { serverId: panel.serverId, key: panel.keys.client };
  }

  it("pings the default allocation's address (0.0.0.0 means the node) and lists the names it sends", async () => {
    const { port } = await minecraftAt();
    const owner = await startPanel({ ip: '0.0.0.0', ip_alias: null, port });
    expect(await driver.getPlayers(owner)).toEqual({ status: 'offline' });
    panel.setState(panel.serverId, { state: 'running' });
    expect(await driver.getPlayers(owner)).toEqual({ status: 'answering', online: 2, max: 20, names: ['Alex', 'Steve'], version: '1.21.4' });
  });

  it('prefers the alias, and says when there is no default address or nothing answers', async () => {
    const { port } = await minecraftAt();
    const aliased = await startPanel({ ip: '203.0.113.9', ip_alias: '127.0.0.1', port });
    panel.setState(panel.serverId, { state: 'running' });
    expect(await driver.getPlayers(aliased)).toMatchObject({ status: 'answering', names: ['Alex', 'Steve'] });
    for (const cleanup of cleanups.splice(1).reverse()) await cleanup();

    const none = await startPanel(null);
    panel.setState(panel.serverId, { state: 'running' });
    expect(await driver.getPlayers(none)).toEqual({ status: 'not_answering', reason: 'The server has no default address in the panel.' });
    for (const cleanup of cleanups.splice(1).reverse()) await cleanup();

    const closed = await startPanel({ ip: '127.0.0.1', ip_alias: null, port: await freePort() });
    panel.setState(panel.serverId, { state: 'running' });
    expect(await driver.getPlayers(closed)).toEqual({ status: 'not_answering', reason: 'Nothing is listening on the game port.' });
  });
});
