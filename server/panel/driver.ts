/**
 * The one interface every game-server engine implements: the embedded local driver
 * (real child processes) and the Pterodactyl / Pelican driver (the panel's client API and the
 * Wings console socket). Routes talk only to this.
 *
 * Failures are HttpError values (server/lib/http-error.ts) a customer can act on: 401 wrong
 * id or key (the same answer for both), 404, 409 suspended / installing / transferring, 429
 * with Retry-After, 502 command sent to a stopped server, 504 engine unreachable.
 */

import type {
  Backup,
  BackupList,
  BackupState,
  ConsoleMessage,
  FileEntry,
  PlayerList,
  PowerSignal,
  PowerState,
  ServerDetails,
  ServerPermissions,
  ServerResources,
  TextFile,
} from '../../contracts/panel.ts';

// The domain types are the panel contract's: what the engines report is what the API answers.
export type { Backup, BackupList, BackupState, FileEntry, PlayerList, PowerSignal, PowerState, ServerDetails, ServerPermissions, ServerResources, TextFile };

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

// Paths are relative to the server's root with `/` separators and no leading slash; '' is the root.

/** A file or backup streamed to the customer. */
export interface FileDownload {
  /** The file's own name, for Content-Disposition. */
  name: string;
  /** Bytes, when known in advance (Content-Length). */
  size: number | null;
  stream: import('node:stream').Readable;
}

/**
 * A file being uploaded. `size` is the length the client declared: an upload over the limit is
 * refused (413) before anything is read, and the stream is counted as it passes, so a body
 * longer than declared is cut off with 413 and a shorter one with 400 (server/panel/file-limits.ts).
 */
export interface FileUpload {
  /** The new file's path, name included. */
  path: string;
  size: number;
  stream: import('node:stream').Readable;
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
  /** The console lines kept for this server (at most consoleHistoryLines), oldest first, for search and download. */
  consoleLog(credentials: ServerCredentials): Promise<string[]>;

  /** Minecraft Server List Ping to the server's own game address. */
  getPlayers(credentials: ServerCredentials): Promise<PlayerList>;
  getPermissions(credentials: ServerCredentials): Promise<ServerPermissions>;

  // Files. Every path is checked by server/panel/server-path.ts first: one that could leave the
  // server's directory is a 400 and touches nothing (and never reaches a panel).
  listFiles(credentials: ServerCredentials, directory: string): Promise<FileEntry[]>;
  /** 422 for a binary file or one over maxEditBytes. */
  readFile(credentials: ServerCredentials, path: string): Promise<TextFile>;
  /** Creates or replaces a text file (parents made); 413 over maxEditBytes. */
  writeFile(credentials: ServerCredentials, path: string, content: string): Promise<void>;
  /** 413 over maxUploadBytes, before the stream is read. */
  uploadFile(credentials: ServerCredentials, upload: FileUpload): Promise<void>;
  downloadFile(credentials: ServerCredentials, path: string): Promise<FileDownload>;
  createFolder(credentials: ServerCredentials, path: string): Promise<void>;
  /** 409 when `to` exists, 404 when `from` does not. */
  renameFile(credentials: ServerCredentials, from: string, to: string): Promise<void>;
  /** A file, or a folder with everything in it. */
  deleteFile(credentials: ServerCredentials, path: string): Promise<void>;

  // Backups.
  listBackups(credentials: ServerCredentials): Promise<BackupList>;
  /** Starts a backup (state 'creating'); 400 with the limit in the message when the plan's limit is reached. */
  createBackup(credentials: ServerCredentials, name: string): Promise<Backup>;
  downloadBackup(credentials: ServerCredentials, backupId: string): Promise<FileDownload>;
  /**
   * Starts a restore: the server is stopped, its files replaced by the backup's, and started
   * again if it was running. 409 while another restore runs.
   */
  restoreBackup(credentials: ServerCredentials, backupId: string): Promise<void>;
  setBackupLocked(credentials: ServerCredentials, backupId: string, locked: boolean): Promise<Backup>;
  /** 400 for a locked backup. */
  deleteBackup(credentials: ServerCredentials, backupId: string): Promise<void>;

  /** Stops background work (local processes stop gracefully). */
  close(): Promise<void>;
}
