import type { Generated } from 'kysely';

/**
 * One row per thing someone did: staff in the console, customers through the panel, the
 * system on its own. Times are epoch milliseconds.
 */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  /** staff, customer, system, or anonymous (a sign-in that named no one we know). */
  actor_kind: string;
  /** The staff id, the panel's server id…; null when unknown. */
  actor_id: string | null;
  /** For people reading the log: an e-mail, "server demo". Kept as it was at the time. */
  actor_label: string | null;
  action: string;
  target: string | null;
  /** ok, refused or failed. */
  outcome: string;
  client_ip: string | null;
  /** A small JSON object of strings, numbers and booleans. */
  detail: string | null;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
