import net from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * The Minecraft Server List Ping (Java Edition 1.7 and later), connecting to the given address
 * ourselves (no SRV or second DNS lookup behind our back). The one exchange of the status probe
 * (server/status/probes.ts) and the panel's players list (server/panel/players.ts), with the
 * sample of player names kept and the connection's progress reported, so a caller can tell
 * "nothing listens" from "something listens, but not a Minecraft server".
 *
 * Written here rather than through minecraft-protocol: that library loads the whole data of a
 * game version for a ping (over 50 MiB that stay for good, and the probe pings every round), and
 * the exchange is five small packets (docs/decisions.md 40): a handshake asking for the status
 * state, a status request, the status JSON, a ping and its pong. Tested against real servers
 * (minecraft-protocol's own and flying-squid) in test/server/status-minecraft.test.ts and the
 * players tests.
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

/**
 * The protocol number sent in the handshake: 1.21.4's. Servers answer a status request whatever
 * the number (some proxies echo a version they share with it).
 */
const handshakeProtocol = 769;
/** A status answer larger than this (its favicon included) is not a server's. */
const maxPacketBytes = 1024 * 1024;

function varInt(value: number): Buffer {
  const bytes: number[] = [];
  let v = value >>> 0;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (v !== 0);
  return Buffer.from(bytes);
}

/** A VarInt at `offset`: its value and the offset after it, or undefined when more bytes are needed. */
function readVarInt(buffer: Buffer, offset: number): { value: number; next: number } | undefined {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    if (offset + i >= buffer.length) return undefined;
    const byte = buffer[offset + i]!;
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return { value, next: offset + i + 1 };
  }
  throw new Error('a malformed packet length');
}

function packet(id: number, ...fields: Buffer[]): Buffer {
  const body = Buffer.concat([varInt(id), ...fields]);
  return Buffer.concat([varInt(body.length), body]);
}

function mcString(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([varInt(bytes.length), bytes]);
}

/** Splits the stream into packets: id and payload of each whole one. */
class PacketReader {
  #buffer: Buffer = Buffer.alloc(0);

  *feed(chunk: Buffer): Generator<{ id: number; payload: Buffer }> {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const length = readVarInt(this.#buffer, 0);
      if (!length) return;
      if (length.value > maxPacketBytes || length.value < 1) throw new Error('the answer is not a Minecraft status packet');
      if (this.#buffer.length < length.next + length.value) return;
      const body = this.#buffer.subarray(length.next, length.next + length.value);
      this.#buffer = this.#buffer.subarray(length.next + length.value);
      const id = readVarInt(body, 0);
      if (!id) throw new Error('the answer is not a Minecraft status packet');
      yield { id: id.value, payload: body.subarray(id.next) };
    }
  }
}

export async function pingMinecraft(host: string, port: number, timeoutMs: number, options: PingOptions = {}): Promise<PingOutcome> {
  const { connectAddress, onConnect } = options;
  let connected = false;
  let socket: net.Socket | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = await new Promise<PingAnswer>((resolve, reject) => {
      let status: PingAnswer | undefined;
      let pingSent = 0;
      // Past the time: the status without a latency when it came but the pong did not.
      timer = setTimeout(() => (status ? resolve(status) : reject(new Error(`no answer within ${timeoutMs} ms`))), timeoutMs);
      const reader = new PacketReader();
      const s = net.connect({ host: connectAddress ?? host, port });
      socket = s;
      s.once('connect', () => {
        connected = true;
        const refused = onConnect?.(s);
        if (refused) {
          s.destroy(refused);
          return;
        }
        const portBytes = Buffer.alloc(2);
        portBytes.writeUInt16BE(port);
        // Handshake (next state: status), then the status request.
        s.write(Buffer.concat([packet(0x00, varInt(handshakeProtocol), mcString(host), portBytes, varInt(1)), packet(0x00)]));
      });
      s.on('data', (chunk: Buffer) => {
        try {
          for (const { id, payload } of reader.feed(chunk)) {
            if (!status && id === 0x00) {
              const length = readVarInt(payload, 0);
              if (!length || length.next + length.value > payload.length) throw new Error('the status answer is cut short');
              const parsed = JSON.parse(payload.toString('utf8', length.next, length.next + length.value)) as unknown;
              if (!parsed || typeof parsed !== 'object') throw new Error('the status answer is not an object');
              status = parsed as PingAnswer;
              pingSent = performance.now();
              const payloadBytes = Buffer.alloc(8);
              payloadBytes.writeBigInt64BE(BigInt(Date.now()));
              s.write(packet(0x01, payloadBytes));
            } else if (status && id === 0x01) {
              resolve({ ...status, latency: performance.now() - pingSent });
              return;
            } else {
              throw new Error('the answer is not a Minecraft status packet');
            }
          }
        } catch (error) {
          reject(error instanceof SyntaxError ? new Error('the status answer is not JSON') : error);
        }
      });
      s.once('error', reject);
      s.once('close', () => (status ? resolve(status) : reject(new Error('Connection closed before the server sent a status response'))));
    });
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
