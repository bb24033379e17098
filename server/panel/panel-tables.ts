import type { Generated } from 'kysely';

/** The panel capability's tables, as Kysely sees them (times in epoch milliseconds). */
export interface PanelTables {
  panel_sessions: PanelSessionTable;
  panel_audit: PanelAuditTable;
  panel_connect_failures: PanelConnectFailureTable;
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
}

/** Every power action and console command: who (client IP), when, on which server, what. */
export interface PanelAuditTable {
  id: Generated<number>;
  at: number;
  server_id: string;
  driver: string;
  kind: 'power' | 'command';
  /** The signal (start, stop, restart, kill) or the command line. */
  action: string;
  /** ok, or the error code the engine answered. */
  outcome: string;
  client_ip: string;
}

/** Failed connect attempts, for the per-IP limit (shared by every instance through the database). */
export interface PanelConnectFailureTable {
  id: Generated<number>;
  client_ip: string;
  /** The server id the attempt named (null for attempts stored before it was recorded). */
  server_id: string | null;
  at: number;
}
