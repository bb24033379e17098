import type { Kysely } from 'kysely';
import type { HistoryAnswer, HistoryRange, PowerSignal, ServerDetails, ServerResources } from '../../contracts/panel.ts';
import type { AuditOutcome } from '../../contracts/audit.ts';
import type { AuditDetail } from '../audit/audit-repository.ts';
import type { AuditLog } from '../audit/audit-service.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import type { ConsoleHub } from './console-hub.ts';
import { ConnectThrottle, wrongCredentials } from './connect-throttle.ts';
import type { Backup, BackupList, FileDownload, FileEntry, GameServerDriver, PlayerList, ServerCredentials, ServerPermissions, TextFile } from './driver.ts';
import { checkUploadSize } from './file-limits.ts';
import type { HistorySampler } from './history-sampler.ts';
import type { PanelAuditAction } from './panel-audit-actions.ts';
import { checkServerPath } from './server-path.ts';
import type { SessionSockets } from './session-sockets.ts';
import type { PanelSession, SessionStore } from './session-store.ts';

export const notConnected = (): HttpError => new HttpError(401, 'not_connected', 'Connect to your server first.');

export function credentialsOf(session: PanelSession): ServerCredentials {
  return { serverId: session.serverId, key: session.key };
}

/** Who did it and from where, for the audit log; `onEnded` runs when the engine refused the key (the route clears the cookie). */
export interface Caller {
  clientIp: string;
  onEnded?: () => void;
}

const controlChars = /[\x00-\x1f\x7f]/g;
/** Text a customer sent, as the audit log keeps it: control characters written out (a NUL cannot even be stored in PostgreSQL). */
const loggable = (text: string) => text.replace(controlChars, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

/**
 * The panel's logic, between the routes and the engine: connecting (throttled), the session's
 * life (ending it also closes its console sockets, and an engine that no longer takes the key
 * ends it), and every power action, console command, file and backup change written to the
 * audit log with its outcome.
 */
export class PanelService {
  readonly driver: GameServerDriver;
  readonly hub: ConsoleHub;
  readonly sockets: SessionSockets;
  readonly history: HistorySampler;
  private readonly sessions: SessionStore;
  private readonly throttle: ConnectThrottle;
  private readonly audit: AuditLog;

  constructor(deps: {
    db: Kysely<Database>;
    driver: GameServerDriver;
    sessions: SessionStore;
    hub: ConsoleHub;
    sockets: SessionSockets;
    audit: AuditLog;
    history: HistorySampler;
  }) {
    this.driver = deps.driver;
    this.sessions = deps.sessions;
    this.hub = deps.hub;
    this.sockets = deps.sockets;
    this.audit = deps.audit;
    this.history = deps.history;
    this.throttle = new ConnectThrottle(deps.db);
  }

  /**
   * Checks the id and key with the engine and opens a session (replacing the browser's previous
   * one). The engine says "no" in several ways (401 bad key, 403, 404 unknown or not yours): the
   * customer hears one answer.
   */
  async connect(input: {
    serverId: string;
    key: string;
    clientIp: string;
    previousCookie: string | undefined;
  }): Promise<{ cookie: string; server: ServerDetails }> {
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
      const { id, session } = await this.sessions.create(input.serverId, input.key);
      await this.history.sessionStarted(input.serverId, input.key, session.expiresAt);
      return { cookie: id, server };
    });
  }

  /**
   * Opens a session for a signed-in customer on a server the caller has checked they may use
   * (docs/decisions.md 80): the key is the site's own, and every request checks the access again.
   */
  async openForCustomer(input: {
    serverId: string;
    accountKey: string;
    customerId: string;
    previousCookie: string | undefined;
  }): Promise<{ cookie: string; server: ServerDetails }> {
    const server = await this.driver.getServer({ serverId: input.serverId, key: input.accountKey });
    const previous = await this.sessions.find(input.previousCookie);
    if (previous) await this.end(previous);
    const { id, session } = await this.sessions.create(input.serverId, input.accountKey, Date.now(), input.customerId);
    await this.history.sessionStarted(input.serverId, input.accountKey, session.expiresAt);
    return { cookie: id, server };
  }

  /** The live session of a cookie value, or undefined. */
  find(cookie: string | undefined): Promise<PanelSession | undefined> {
    return this.sessions.find(cookie);
  }

  /** The live session of a cookie's hash (as the support desk keeps it), or undefined. */
  findByHash(idHash: string): Promise<PanelSession | undefined> {
    return this.sessions.findByHash(idHash);
  }

  async require(cookie: string | undefined): Promise<PanelSession> {
    const session = await this.sessions.find(cookie);
    if (!session) throw notConnected();
    return session;
  }

  /** Ends a session; `keyRefused` when the engine no longer takes its key (the history forgets it too). */
  async end(session: PanelSession, keyRefused = false): Promise<void> {
    await this.sessions.destroy(session.idHash);
    this.sockets.closeAll(session.idHash, 'Disconnected');
    await this.history.sessionEnded(session.serverId, keyRefused);
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
        await this.end(session, true);
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

  players(session: PanelSession, onEnded?: () => void): Promise<PlayerList> {
    return this.withEngine(session, (c) => this.driver.getPlayers(c), onEnded);
  }

  async permissions(session: PanelSession, onEnded?: () => void): Promise<ServerPermissions> {
    const engine = await this.withEngine(session, (c) => this.driver.getPermissions(c), onEnded);
    const grants = session.grants;
    if (!grants) return engine;
    // A shared server's person: what the engine allows, narrowed to what the owner gave (docs/decisions.md 81).
    const narrow = <T extends Record<string, boolean>>(part: T, given: boolean): T =>
      Object.fromEntries(Object.entries(part).map(([name, allowed]) => [name, allowed && given])) as T;
    return {
      files: narrow(engine.files, grants.has('files')),
      backups: narrow(engine.backups, grants.has('backups')),
      schedules: narrow(engine.schedules, grants.has('schedules')),
    };
  }

  /** The stored samples of the last hour or day; the session is the authorization (its key was checked on connect). */
  resourceHistory(session: PanelSession, range: HistoryRange): Promise<HistoryAnswer> {
    return this.history.history(session.serverId, range);
  }

  /** The kept console lines as plain text. */
  consoleLog(session: PanelSession, onEnded?: () => void): Promise<string> {
    return this.withEngine(session, (c) => this.hub.logText(c), onEnded);
  }

  power(session: PanelSession, signal: PowerSignal, caller: Caller): Promise<void> {
    return this.audited(session, caller, 'panel.power', { signal }, () => this.withEngine(session, (c) => this.driver.power(c, signal), caller.onEnded));
  }

  command(session: PanelSession, command: string, clientIp: string, send: () => Promise<void>): Promise<void> {
    return this.audited(session, { clientIp }, 'panel.command', { command }, send);
  }

  // Files: every path is checked here first (server/panel/server-path.ts), so a bad one is a
  // 400 naming its field before the engine is asked; the drivers check again.

  listFiles(session: PanelSession, directory: string, onEnded?: () => void): Promise<FileEntry[]> {
    const path = checkServerPath(directory, { allowRoot: true });
    return this.withEngine(session, (c) => this.driver.listFiles(c, path), onEnded);
  }

  readFile(session: PanelSession, file: string, onEnded?: () => void): Promise<TextFile> {
    const path = checkServerPath(file);
    return this.withEngine(session, (c) => this.driver.readFile(c, path), onEnded);
  }

  writeFile(session: PanelSession, file: string, content: string, caller: Caller): Promise<void> {
    return this.audited(session, caller, 'panel.file.write', { path: loggable(file), bytes: Buffer.byteLength(content) }, () => {
      const path = checkServerPath(file);
      return this.withEngine(session, (c) => this.driver.writeFile(c, path, content), caller.onEnded);
    });
  }

  /** `size` is the declared Content-Length: checked (411, 413) before a byte of `stream` is read. */
  uploadFile(session: PanelSession, upload: { path: string; size: number | undefined; stream: import('node:stream').Readable }, caller: Caller): Promise<void> {
    return this.audited(session, caller, 'panel.file.upload', { path: loggable(upload.path), bytes: upload.size ?? null }, () => {
      const size = checkUploadSize(upload.size);
      const path = checkServerPath(upload.path);
      return this.withEngine(session, (c) => this.driver.uploadFile(c, { path, size, stream: upload.stream }), caller.onEnded);
    });
  }

  downloadFile(session: PanelSession, file: string, caller: Caller): Promise<FileDownload> {
    return this.audited(session, caller, 'panel.file.download', { path: loggable(file) }, () => {
      const path = checkServerPath(file);
      return this.withEngine(session, (c) => this.driver.downloadFile(c, path), caller.onEnded);
    });
  }

  renameFile(session: PanelSession, from: string, to: string, caller: Caller): Promise<void> {
    return this.audited(session, caller, 'panel.file.rename', { from: loggable(from), to: loggable(to) }, () => {
      const source = checkServerPath(from, { field: 'from' });
      const target = checkServerPath(to, { field: 'to' });
      return this.withEngine(session, (c) => this.driver.renameFile(c, source, target), caller.onEnded);
    });
  }

  createFolder(session: PanelSession, folder: string, caller: Caller): Promise<void> {
    return this.audited(session, caller, 'panel.file.folder', { path: loggable(folder) }, () => {
      const path = checkServerPath(folder);
      return this.withEngine(session, (c) => this.driver.createFolder(c, path), caller.onEnded);
    });
  }

  deleteFile(session: PanelSession, file: string, caller: Caller): Promise<void> {
    return this.audited(session, caller, 'panel.file.delete', { path: loggable(file) }, () => {
      const path = checkServerPath(file);
      return this.withEngine(session, (c) => this.driver.deleteFile(c, path), caller.onEnded);
    });
  }

  // Backups.

  listBackups(session: PanelSession, onEnded?: () => void): Promise<BackupList> {
    return this.withEngine(session, (c) => this.driver.listBackups(c), onEnded);
  }

  async createBackup(session: PanelSession, name: string, caller: Caller): Promise<Backup> {
    const detail: AuditDetail = { name: loggable(name) };
    return this.audited(session, caller, 'panel.backup.create', detail, async () => {
      const backup = await this.withEngine(session, (c) => this.driver.createBackup(c, name), caller.onEnded);
      detail.backup = backup.id;
      return backup;
    });
  }

  downloadBackup(session: PanelSession, id: string, caller: Caller): Promise<FileDownload> {
    return this.audited(session, caller, 'panel.backup.download', { backup: loggable(id) }, () =>
      this.withEngine(session, (c) => this.driver.downloadBackup(c, id), caller.onEnded),
    );
  }

  restoreBackup(session: PanelSession, id: string, caller: Caller): Promise<void> {
    return this.audited(session, caller, 'panel.backup.restore', { backup: loggable(id) }, () =>
      this.withEngine(session, (c) => this.driver.restoreBackup(c, id), caller.onEnded),
    );
  }

  setBackupLocked(session: PanelSession, id: string, locked: boolean, caller: Caller): Promise<Backup> {
    return this.audited(session, caller, locked ? 'panel.backup.lock' : 'panel.backup.unlock', { backup: loggable(id) }, () =>
      this.withEngine(session, (c) => this.driver.setBackupLocked(c, id, locked), caller.onEnded),
    );
  }

  deleteBackup(session: PanelSession, id: string, caller: Caller): Promise<void> {
    return this.audited(session, caller, 'panel.backup.delete', { backup: loggable(id) }, () =>
      this.withEngine(session, (c) => this.driver.deleteBackup(c, id), caller.onEnded),
    );
  }

  /**
   * Runs an action and records it in the audit log whatever happens: ok, refused (a 4xx: a rule
   * or the engine said no) or failed (anything else), with the error code in the detail.
   */
  async audited<T>(session: PanelSession, caller: Caller, action: PanelAuditAction, detail: AuditDetail, call: () => Promise<T>): Promise<T> {
    let outcome: AuditOutcome = 'ok';
    let error: string | undefined;
    try {
      return await call();
    } catch (caught) {
      outcome = caught instanceof HttpError && caught.statusCode < 500 ? 'refused' : 'failed';
      error = caught instanceof HttpError ? caught.code : 'internal';
      throw caught;
    } finally {
      await this.audit.record({
        actor: session.customerId
          ? { kind: 'customer', id: session.customerId, label: session.actorLabel ?? `account ${session.customerId}` }
          : { kind: 'customer', id: session.serverId, label: `server ${session.serverId}` },
        action,
        target: session.serverId,
        outcome,
        clientIp: caller.clientIp,
        detail: { driver: session.driver, ...detail, ...(error ? { error } : {}) },
      });
    }
  }
}
