import net from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * Minecraft Server List Ping with minecraft-protocol's ping, connecting to the given address
 * ourselves (no SRV or second DNS lookup behind our back). The one exchange of the status probe
 * (server/status/probes.ts) and the panel's players list (server/panel/players.ts), with the
 * sample of player names kept and the connection's progress reported, so a caller can tell
 * "nothing listens" from "something listens, but not a Minecraft server".
 */

export interface MinecraftStatus {
  /** Players online and the most allowed; null when the status answer carried no counts. */
  players: { online: number; max: number } | null;
  /** The names the server lists (vanilla sends a sample of at most 12). */
  names: string[];
  version: string | null;
  /** Milliseconds of the ping/pong exchange, at least 1; undefined when the server sent its status but no pong. */
  latency: number | undefined;
}

export type PingOutcome =
  | { ok: true; status: MinecraftStatus }
  /** connected: the TCP connection was made (so something listens there, but it did not answer as Minecraft). */
  | { ok: false; connected: boolean; reason: string };

interface PingAnswer {
  latency?: number;
  players?: { online?: unknown; max?: unknown; sample?: unknown };
  version?: { name?: unknown } | string;
  playerCount?: number;
  maxPlayers?: number;
}

const maxNames = 100;
const controlChars = /[\x00-\x1f\x7f]/g;

// minecraft-protocol pulls in minecraft-data (about 80 MB once loaded): load it on first use.
let minecraftProtocol: Promise<typeof import('minecraft-protocol')> | undefined;
function loadMinecraftProtocol(): Promise<typeof import('minecraft-protocol')> {
  minecraftProtocol ??= import('minecraft-protocol').then((m) => (m as { default?: typeof import('minecraft-protocol') }).default ?? m);
  return minecraftProtocol;
}

function namesOf(sample: unknown): string[] {
  if (!Array.isArray(sample)) return [];
  return sample
    .map((entry) => (typeof entry === 'object' && entry !== null ? (entry as { name?: unknown }).name : undefined))
    .filter((name): name is string => typeof name === 'string' && name.trim() !== '')
    .slice(0, maxNames)
    .map((name) => name.replace(controlChars, '').slice(0, 64));
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
}

export interface PingOptions {
  /** Connect to this IP instead of resolving `host` (which is still sent in the handshake). */
  connectAddress?: string;
  /** Looks at the connected socket; an error returned ends the ping with it (the status probe checks the peer). */
  onConnect?: (socket: net.Socket) => Error | undefined;
}

export async function pingMinecraft(host: string, port: number, timeoutMs: number, options: PingOptions = {}): Promise<PingOutcome> {
  const { connectAddress, onConnect } = options;
  const started = performance.now();
  const mc = await loadMinecraftProtocol();
  const remaining = Math.max(1, timeoutMs - (performance.now() - started));
  let socket: net.Socket | undefined;
  let connected = false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = (await Promise.race([
      mc.ping({
        host,
        port,
        closeTimeout: remaining,
        noPongTimeout: remaining,
        connect: (client: { setSocket(s: net.Socket): void }) => {
          socket = net.connect({ host: connectAddress ?? host, port });
          socket.once('connect', () => {
            connected = true;
            const refused = onConnect?.(socket!);
            if (refused) socket!.destroy(refused);
          });
          client.setSocket(socket);
        },
      } as Parameters<typeof mc.ping>[0]),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), remaining);
      }),
    ])) as PingAnswer;
    const online = count(answer.players?.online) ?? count(answer.playerCount);
    const max = count(answer.players?.max) ?? count(answer.maxPlayers);
    const version = typeof answer.version === 'string' ? answer.version : typeof answer.version?.name === 'string' ? answer.version.name : null;
    return {
      ok: true,
      status: {
        players: online === undefined || max === undefined ? null : { online, max },
        names: namesOf(answer.players?.sample),
        version,
        latency: typeof answer.latency === 'number' ? Math.max(1, Math.round(answer.latency)) : undefined,
      },
    };
  } catch (error) {
    return { ok: false, connected, reason: error instanceof Error ? error.message || error.name : String(error) };
  } finally {
    clearTimeout(timer);
    socket?.destroy();
  }
}
