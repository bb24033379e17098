import type { Generated } from 'kysely';

/** The panel capability's tables, as Kysely sees them (times in epoch milliseconds). */
export interface PanelTables {
  panel_sessions: PanelSessionTable;
  panel_connect_failures: PanelConnectFailureTable;
  panel_history: PanelHistoryTable;
  panel_history_servers: PanelHistoryServerTable;
  panel_server_shares: PanelServerShareTable;
}

/** A browser's connection to one game server. The cookie holds the id; only its hash is stored. */
export interface PanelSessionTable {
  /** sha256 (hex) of the random session id in the cookie. */
  id_hash: string;
  server_id: string;
  /** The driver the session was made with (local, pterodactyl); a session of another driver is void. */
  driver: string;
  /** The customer's access key, AES-256-GCM encrypted (base64url of iv | tag | ciphertext). */
  key_ciphertext: string;
  created_at: number;
  expires_at: number;
  /** The signed-in customer's account that opened it from "My servers"; null for a session made with a key. */
  customer_id: string | null;
}

/** A local server shared by its owner with an e-mail address (docs/decisions.md 81). */
export interface PanelServerShareTable {
  id: string;
  driver: string;
  server_id: string;
  /** Lower case. */
  email: string;
  /** Comma-separated grants: console, power, files, backups, schedules. */
  grants: string;
  /** The owner's account id. */
  invited_by: string;
  created_at: number;
  updated_at: number;
  /** When the invited person first opened it, signed in; null until then. */
  accepted_at: number | null;
}

/** Failed connect attempts, for the per-IP limit (shared by every instance through the database). */
export interface PanelConnectFailureTable {
  id: Generated<number>;
  client_ip: string;
  /** The server id the attempt named (null for attempts stored before it was recorded). */
  server_id: string | null;
  at: number;
}

/**
 * One resource sample per server and minute. The row is written first as a claim (values null),
 * so of several instances only the one that wrote it samples that server in that minute.
 */
export interface PanelHistoryTable {
  server_id: string;
  driver: string;
  /** The epoch minute the sample is for (at / 60,000, rounded down). */
  minute: number;
  at: number;
  /** Percent of one core; null while being taken, or when the engine did not answer. */
  cpu: number | null;
  /** Bytes. */
  memory: number | null;
  /** Bytes. */
  disk: number | null;
}

/** Servers sampled for the history: those with a panel session in the last 24 hours. */
export interface PanelHistoryServerTable {
  server_id: string;
  driver: string;
  /** The key of the latest session, AES-256-GCM encrypted (server/panel/session-crypto.ts). */
  key_ciphertext: string;
  /** When the latest session ends (or ended): sampling goes on for 24 hours after. */
  session_until: number;
}
