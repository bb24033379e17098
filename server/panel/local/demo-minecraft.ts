// The demo game server: a real Minecraft (Java edition) server, flying-squid, started from code.
// Run by the local driver as `node server/panel/local/demo-minecraft.ts` with its cwd set to the
// demo's folder under ./data (the world and logs live there). Offline mode, a flat world and a
// small view distance keep it light on a small machine. `stop` on stdin is handled by
// flying-squid's own console (its `stop` command saves nothing it has not written and exits 0).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type Player = {
  username: string;
  uuid: string;
  op?: boolean;
  _client: { uuid: string };
  _playerData?: unknown;
  save(): Promise<void>;
  on(event: 'spawned', listener: () => void): void;
};
type BanApi = {
  ban(key: string, reason?: string): Promise<boolean>;
  banUsername(name: string, reason?: string): Promise<boolean>;
  pardonUsername(name: string): Promise<boolean>;
};
type Squid = BanApi & {
  players?: Player[];
  on(event: 'newPlayer', listener: (player: Player) => void): void;
  getPlayer(name: string): Player | undefined;
  info(text: string): void;
  commands: { add(command: { base: string; info: string; usage: string; op: boolean; action(params: string): string }): void };
};
type FlyingSquid = { createMCServer(options: Record<string, unknown>): Squid };
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

// server.properties in the demo's folder, as a vanilla server keeps it: the Settings tool edits
// it and the demo reads these keys at start (docs/decisions.md 111). Written once with the demo's
// defaults when missing.
const defaultProperties = [
  '#Minecraft server properties (the demo, flying-squid, reads motd, max-players, online-mode, difficulty, gamemode and view-distance at start)',
  'motd=Hostfront demo server\\nRunning flying-squid',
  'max-players=10',
  'online-mode=false',
  'difficulty=easy',
  'gamemode=creative',
  'view-distance=4',
  'pvp=true',
  'white-list=false',
  '',
].join('\n');

/** key=value lines as java.util.Properties reads the plain ones (escapes and \\uXXXX; no continuation lines, which the panel never writes). */
function readProperties(): Map<string, string> {
  if (!fs.existsSync('server.properties')) fs.writeFileSync('server.properties', defaultProperties);
  const values = new Map<string, string>();
  for (const line of fs.readFileSync('server.properties', 'utf8').split(/\r?\n/)) {
    const match = /^\s*([^#!\s=:][^=:\s]*)\s*[=:]?\s*(.*)$/.exec(line);
    if (!match) continue;
    const value = match[2]!.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_all, code: string) =>
      code.length === 5 ? String.fromCharCode(Number.parseInt(code.slice(1), 16)) : (({ n: '\n', t: '\t' } as Record<string, string>)[code] ?? code),
    );
    values.set(match[1]!, value);
  }
  return values;
}
const properties = readProperties();
const levels = (names: string[], key: string, fallback: number) => {
  const value = properties.get(key)?.trim() ?? '';
  const index = names.indexOf(value);
  return index >= 0 ? index : /^\d$/.test(value) && Number(value) < names.length ? Number(value) : fallback;
};
const whole = (key: string, fallback: number, min: number, max: number) => {
  const value = Number(properties.get(key));
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
};

const port = Number(process.env.DEMO_MC_PORT ?? 25565);
const version = process.env.DEMO_MC_VERSION ?? '1.21.4';

// Server List Ping lists up to 12 of the players online, as vanilla does (flying-squid lists none).
const sampleSize = 12;
let server: Squid | undefined;

server = squid.createMCServer({
  motd: properties.get('motd') ?? 'Hostfront demo server\nRunning flying-squid',
  port,
  // The panel passes the site's interface (or DEMO_MC_HOST); run by hand, it stays on this machine.
  host: process.env.DEMO_MC_HOST ?? '127.0.0.1',
  'max-players': whole('max-players', 10, 1, 1000),
  'online-mode': properties.get('online-mode')?.trim() === 'true',
  logging: false,
  gameMode: levels(['survival', 'creative', 'adventure', 'spectator'], 'gamemode', 1),
  difficulty: levels(['peaceful', 'easy', 'normal', 'hard'], 'difficulty', 1),
  worldFolder: `world/${version}`,
  generation: { name: 'superflat', options: { worldHeight: 80 } },
  kickTimeout: 10000,
  plugins: {},
  modpe: false,
  'view-distance': whole('view-distance', 4, 2, 32),
  'player-list-text': { header: { text: 'Hostfront' }, footer: { text: 'Demo server' } },
  'everybody-op': false,
  'max-entities': 50,
  version,
  beforePing: (response: PingResponse) => {
    response.players.sample = (server?.players ?? []).slice(0, sampleSize).map((player) => ({ name: player.username, id: player.uuid }));
    return response;
  },
});

keepPlayerLists(server);

// The panel closing our stdin means it is gone: shut down rather than run unmanaged.
process.stdin.on('end', () => {
  console.log('Console closed; stopping.');
  process.exit(0);
});

/** The UUID an offline-mode server gives a name (server/panel/minecraft-players/offline-uuid.ts). */
function offlineUuid(name: string): string {
  const bytes = createHash('md5').update(`OfflinePlayer:${name}`, 'utf8').digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x30;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type ListEntry = Record<string, unknown> & { name: string; uuid: string };

function readList(file: string): ListEntry[] {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((entry): entry is ListEntry => typeof entry?.name === 'string')
      .map((entry) => ({ ...entry, uuid: String(entry.uuid ?? offlineUuid(entry.name)) }));
  } catch {
    return [];
  }
}

function writeList(file: string, entries: ListEntry[]): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(entries, null, 2)}\n`);
  fs.renameSync(temporary, file);
}

/**
 * Operators and bans as a vanilla server keeps them (ops.json, banned-players.json in its folder:
 * read at start, written at every change), so the Players tool finds the same lists whether it
 * went through the console or the files (docs/decisions.md 110).
 *
 * A plain `ban` in flying-squid only kicks (plugins/moderation.js, login.js): in offline mode it
 * stores the name, but login looks the player's UUID up; and it looks before it has set the
 * player's UUID (player.login checks, then addPlayer sets player.uuid), so it finds nothing. Here
 * the UUID is set as the player arrives, a name's ban covers its offline UUID too, and its pardon
 * lifts both. Its `op` only knows players online and keeps nothing: here it takes any name, is
 * kept, and is given at login.
 */
function keepPlayerLists(squid: Squid): void {
  const banned = new Map(readList('banned-players.json').map((entry) => [entry.name.toLowerCase(), entry]));
  const ops = new Map(readList('ops.json').map((entry) => [entry.name.toLowerCase(), entry]));
  const ban = squid.ban.bind(squid);
  const banUsername = squid.banUsername.bind(squid);
  const pardonUsername = squid.pardonUsername.bind(squid);
  for (const entry of banned.values()) {
    void ban(entry.name, String(entry.reason ?? ''));
    void ban(entry.uuid, String(entry.reason ?? ''));
  }
  squid.banUsername = async (name, reason) => {
    const added = await banUsername(name, reason);
    await ban(offlineUuid(name), reason);
    if (!banned.has(name.toLowerCase())) {
      const created = `${new Date().toISOString().slice(0, 19).replace('T', ' ')} +0000`;
      banned.set(name.toLowerCase(), {
        uuid: offlineUuid(name),
        name,
        created,
        source: 'Server',
        expires: 'forever',
        reason: reason || 'Banned by an operator.',
      });
      writeList('banned-players.json', [...banned.values()]);
    }
    return added;
  };
  squid.pardonUsername = async (name) => {
    const entry = banned.get(name.toLowerCase());
    const lifted = [await pardonUsername(name), await pardonUsername(offlineUuid(name))];
    if (entry) {
      lifted.push(await pardonUsername(entry.name), await pardonUsername(entry.uuid));
      banned.delete(name.toLowerCase());
      writeList('banned-players.json', [...banned.values()]);
    }
    return lifted.some(Boolean);
  };
  // Given once spawned: flying-squid sets a player's op (to everybody-op) while logging them in.
  squid.on('newPlayer', (player) => {
    // What addPlayer sets later, set before login's checks read it (the bans, "already connected").
    player.uuid = player._client.uuid;
    // A player refused at login was never loaded: saving them would write an empty player over the real one's data.
    const save = player.save.bind(player);
    player.save = async () => {
      if (player._playerData !== undefined) await save();
    };
    player.on('spawned', () => {
      if (ops.has(player.username.toLowerCase())) player.op = true;
    });
  });
  const opCommand = (base: 'op' | 'deop') => ({
    base,
    info: base === 'op' ? 'Make a player an operator' : 'Take a player off the operators',
    usage: `/${base} <player>`,
    op: true,
    action(params: string) {
      const name = params.trim().split(' ')[0] ?? '';
      if (!/^[A-Za-z0-9_]{3,16}$/.test(name)) return `Usage: /${base} <player>`;
      const online = squid.getPlayer(name);
      if (online) online.op = base === 'op';
      if (base === 'op') ops.set(name.toLowerCase(), { uuid: offlineUuid(name), name, level: 4, bypassesPlayerLimit: false });
      else ops.delete(name.toLowerCase());
      writeList('ops.json', [...ops.values()]);
      return base === 'op' ? `Made ${name} a server operator` : `Made ${name} no longer a server operator`;
    },
  });
  // Added after flying-squid's own: a command's base names one command, the last added.
  squid.commands.add(opCommand('op'));
  squid.commands.add(opCommand('deop'));
}
