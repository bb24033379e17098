/**
 * The one interface every game-server engine implements: the embedded local driver
 * (real child processes) and the Pterodactyl / Pelican driver (the panel's client API and the
 * Wings console socket). Routes talk only to this.
 *
 * Failures are HttpError values (server/lib/http-error.ts) a customer can act on: 401 wrong
 * id or key (the same answer for both), 404, 409 suspended / installing / transferring, 429
 * with Retry-After, 502 command sent to a stopped server, 504 engine unreachable.
 */

import type { ConsoleMessage, PowerSignal, PowerState, ServerDetails, ServerResources } from '../../contracts/panel.ts';

// The domain types are the panel contract's: what the engines report is what the API answers.
export type { PowerSignal, PowerState, ServerDetails, ServerResources };

/** What a customer's key unlocks: a driver bound to one server and one credential. */
export interface ServerCredentials {
  serverId: string;
  /** The customer's access key: the panel client API key, or the local server's key. */
  key: string;
}

/** What a console subscription reports: lines, power state changes and live stats. */
export type ConsoleEvent = Exclude<ConsoleMessage, { type: 'error' }>;

export interface ConsoleSubscription {
  /** Sends a command to the server's console. */
  send(command: string): Promise<void>;
  /** Stops the stream and releases the upstream connection. */
  close(): void;
}

export interface GameServerDriver {
  readonly name: 'local' | 'pterodactyl';
  /** Checks the credentials and returns the server; throws HttpError 401 when the id or key is wrong. */
  getServer(credentials: ServerCredentials): Promise<ServerDetails>;
  getResources(credentials: ServerCredentials): Promise<ServerResources>;
  power(credentials: ServerCredentials, signal: PowerSignal): Promise<void>;
  sendCommand(credentials: ServerCredentials, command: string): Promise<void>;
  /** Recent lines first (each as a 'line' event), then live events until closed. */
  console(credentials: ServerCredentials, onEvent: (event: ConsoleEvent) => void): Promise<ConsoleSubscription>;
  /** Stops background work (local processes stop gracefully). */
  close(): Promise<void>;
}
