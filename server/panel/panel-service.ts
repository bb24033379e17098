import type { Kysely } from 'kysely';
import type { PowerSignal, ServerDetails, ServerResources } from '../../contracts/panel.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import type { ConsoleHub } from './console-hub.ts';
import { ConnectThrottle, wrongCredentials } from './connect-throttle.ts';
import type { GameServerDriver, ServerCredentials } from './driver.ts';
import { insertAudit } from './panel-repository.ts';
import type { SessionSockets } from './session-sockets.ts';
import type { PanelSession, SessionStore } from './session-store.ts';

export const notConnected = (): HttpError => new HttpError(401, 'not_connected', 'Connect to your server first.');

export function credentialsOf(session: PanelSession): ServerCredentials {
  return { serverId: session.serverId, key: session.key };
}

/**
 * The panel's logic, between the routes and the engine: connecting (throttled), the session's
 * life (ending it also closes its console sockets, and an engine that no longer takes the key
 * ends it), and every power action and command written to the audit log.
 */
export class PanelService {
  readonly driver: GameServerDriver;
  readonly hub: ConsoleHub;
  readonly sockets: SessionSockets;
  private readonly db: Kysely<Database>;
  private readonly sessions: SessionStore;
  private readonly throttle: ConnectThrottle;

  constructor(deps: { db: Kysely<Database>; driver: GameServerDriver; sessions: SessionStore; hub: ConsoleHub; sockets: SessionSockets }) {
    this.db = deps.db;
    this.driver = deps.driver;
    this.sessions = deps.sessions;
    this.hub = deps.hub;
    this.sockets = deps.sockets;
    this.throttle = new ConnectThrottle(deps.db);
  }

  /**
   * Checks the id and key with the engine and opens a session (replacing the browser's previous
   * one). The engine says "no" in several ways (401 bad key, 403, 404 unknown or not yours): the
   * customer hears one answer.
   */
  async connect(input: { serverId: string; key: string; clientIp: string; previousCookie: string | undefined }): Promise<{ cookie: string; server: ServerDetails }> {
    return this.throttle.guard(input.clientIp, input.serverId, async () => {
      let server: ServerDetails;
      try {
        server = await this.driver.getServer({ serverId: input.serverId, key: input.key });
      } catch (error) {
        if (error instanceof HttpError && [401, 403, 404].includes(error.statusCode)) throw wrongCredentials();
        throw error;
      }
      const previous = await this.sessions.find(input.previousCookie);
      if (previous) await this.end(previous);
      const { id } = await this.sessions.create(input.serverId, input.key);
      return { cookie: id, server };
    });
  }

  /** The live session of a cookie value, or undefined. */
  find(cookie: string | undefined): Promise<PanelSession | undefined> {
    return this.sessions.find(cookie);
  }

  async require(cookie: string | undefined): Promise<PanelSession> {
    const session = await this.sessions.find(cookie);
    if (!session) throw notConnected();
    return session;
  }

  async end(session: PanelSession): Promise<void> {
    await this.sessions.destroy(session.idHash);
    this.sockets.closeAll(session.idHash, 'Disconnected');
  }

  /**
   * Calls the engine for a session. When the engine no longer accepts the key (revoked in the
   * panel, or the server removed), the session ends and `onEnded` runs (the route clears the cookie).
   */
  async withEngine<T>(session: PanelSession, call: (credentials: ServerCredentials) => Promise<T>, onEnded?: () => void): Promise<T> {
    try {
      return await call(credentialsOf(session));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) {
        await this.end(session);
        onEnded?.();
      }
      throw error;
    }
  }

  server(session: PanelSession, onEnded?: () => void): Promise<ServerDetails> {
    return this.withEngine(session, (c) => this.driver.getServer(c), onEnded);
  }

  resources(session: PanelSession, onEnded?: () => void): Promise<ServerResources> {
    return this.withEngine(session, (c) => this.driver.getResources(c), onEnded);
  }

  power(session: PanelSession, signal: PowerSignal, clientIp: string, onEnded?: () => void): Promise<void> {
    return this.audited(session, clientIp, 'power', signal, () => this.withEngine(session, (c) => this.driver.power(c, signal), onEnded));
  }

  command(session: PanelSession, command: string, clientIp: string, send: () => Promise<void>): Promise<void> {
    return this.audited(session, clientIp, 'command', command, send);
  }

  /** Runs an action and records it with its outcome (ok, or the error code), whatever happens. */
  private async audited(session: PanelSession, clientIp: string, kind: 'power' | 'command', action: string, call: () => Promise<void>): Promise<void> {
    let outcome = 'ok';
    try {
      await call();
    } catch (error) {
      outcome = error instanceof HttpError ? error.code : 'internal';
      throw error;
    } finally {
      await insertAudit(this.db, { at: Date.now(), serverId: session.serverId, driver: session.driver, kind, action, outcome, clientIp });
    }
  }
}
