/**
 * The panel capability's contract: the customer's game-server API under /api/panel (connect
 * with a server id and access key, then a session cookie) and the live console socket.
 */
import { z } from 'zod';
import { maxCommandLength } from './panel-rules.ts';

/** Power state, as Pterodactyl names it. */
export const powerState = z.enum(['offline', 'starting', 'running', 'stopping']);
export const powerSignal = z.enum(['start', 'stop', 'restart', 'kill']);

const usage = z.object({ current: z.number(), limit: z.number() });

export const serverDetails = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The engine's administrative status (null when normal; installing, suspended…). */
  status: z.string().nullable(),
  /** Memory and disk in MiB, cpu in percent of one core; 0 means unlimited. */
  limits: z.object({ memory: z.number(), disk: z.number(), cpu: z.number() }),
  state: powerState,
});

export const serverResources = z.object({
  state: powerState,
  /** Percent of one core. */
  cpu: usage,
  /** Bytes. */
  memory: usage,
  /** Bytes. */
  disk: usage,
  /** Milliseconds since the process started; 0 when offline. */
  uptime: z.number(),
});

export const connectBody = z.strictObject({
  serverId: z.string().min(1).max(100),
  /** The customer's access key: the panel client API key, or the local server's key. */
  key: z.string().min(1).max(500),
});
export const connectAnswer = z.object({ server: serverDetails });
export const sessionAnswer = z.object({ connected: z.boolean(), server: serverDetails.optional() });
export const powerBody = z.strictObject({ signal: powerSignal });
export const commandBody = z.strictObject({ command: z.string().max(maxCommandLength) });

/** What the browser sends on the console socket. */
export const consoleCommand = z.object({ type: z.literal('command'), command: z.string() });

/** One console event. The server sends them in batches: every socket message is a JSON array of these. */
export const consoleMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('line'), text: z.string() }),
  z.object({ type: z.literal('state'), state: powerState }),
  z.object({ type: z.literal('stats'), stats: serverResources }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);

export type PowerState = z.infer<typeof powerState>;
export type PowerSignal = z.infer<typeof powerSignal>;
export type ServerDetails = z.infer<typeof serverDetails>;
export type ServerResources = z.infer<typeof serverResources>;
export type ConnectBody = z.infer<typeof connectBody>;
export type SessionAnswer = z.infer<typeof sessionAnswer>;
export type ConsoleCommand = z.infer<typeof consoleCommand>;
export type ConsoleMessage = z.infer<typeof consoleMessage>;
