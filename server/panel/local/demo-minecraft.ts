// The demo game server: a real Minecraft (Java edition) server, flying-squid, started from code.
// Run by the local driver as `node server/panel/local/demo-minecraft.ts` with its cwd set to the
// demo's folder under ./data (the world and logs live there). Offline mode, a flat world and a
// small view distance keep it light on a small machine. `stop` on stdin is handled by
// flying-squid's own console (its `stop` command saves nothing it has not written and exits 0).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type Player = { username: string; uuid: string };
type FlyingSquid = { createMCServer(options: Record<string, unknown>): { players?: Player[] } };
type PingResponse = { players: { online: number; max: number; sample: Array<{ name: string; id: string }> } };

type NbtCallback = (error: unknown, ...result: unknown[]) => void;
type Nbt = { parse: (data: unknown, format?: unknown, callback?: NbtCallback) => Promise<unknown> };

/**
 * prismarine-nbt's parse is an async function that also takes a callback, and flying-squid and
 * prismarine-provider-anvil wrap it in util.promisify, which Node 24 warns about (DEP0174) on
 * every world load, in the customer's console. Called with a callback, this parse answers
 * through it only and returns nothing, as promisify expects; without one it is the original.
 * Installed before flying-squid loads, so their promisify wraps this one.
 */
function callbackFriendlyNbtParse(nbt: Nbt): void {
  const parse = nbt.parse;
  nbt.parse = ((data: unknown, format?: unknown, callback?: NbtCallback) => {
    const done = typeof format === 'function' ? (format as NbtCallback) : callback;
    const promise = parse(data, format, callback);
    if (!done) return promise;
    // parse calls the callback itself, except for what it throws before reading (a wrong argument).
    promise.catch((error: unknown) => done(error));
    return undefined;
  }) as Nbt['parse'];
}

let squid: FlyingSquid;
try {
  callbackFriendlyNbtParse(require('prismarine-nbt') as Nbt);
  squid = require('flying-squid') as FlyingSquid;
} catch {
  console.error('flying-squid is not installed (it is an optional dependency): run `npm install` with optional dependencies to use the demo Minecraft server.');
  process.exit(1);
}

const port = Number(process.env.DEMO_MC_PORT ?? 25565);
const version = process.env.DEMO_MC_VERSION ?? '1.21.4';

// Server List Ping lists up to 12 of the players online, as vanilla does (flying-squid lists none).
const sampleSize = 12;
let server: { players?: Player[] } | undefined;

server = squid.createMCServer({
  motd: 'Hostfront demo server\nRunning flying-squid',
  port,
  // The panel passes the site's interface (or DEMO_MC_HOST); run by hand, it stays on this machine.
  host: process.env.DEMO_MC_HOST ?? '127.0.0.1',
  'max-players': 10,
  'online-mode': false,
  logging: false,
  gameMode: 1,
  difficulty: 1,
  worldFolder: `world/${version}`,
  generation: { name: 'superflat', options: { worldHeight: 80 } },
  kickTimeout: 10000,
  plugins: {},
  modpe: false,
  'view-distance': 4,
  'player-list-text': { header: { text: 'Hostfront' }, footer: { text: 'Demo server' } },
  'everybody-op': false,
  'max-entities': 50,
  version,
  beforePing: (response: PingResponse) => {
    response.players.sample = (server?.players ?? []).slice(0, sampleSize).map((player) => ({ name: player.username, id: player.uuid }));
    return response;
  },
});

// The panel closing our stdin means it is gone: shut down rather than run unmanaged.
process.stdin.on('end', () => {
  console.log('Console closed; stopping.');
  process.exit(0);
});
