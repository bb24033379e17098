import type { ColumnType } from 'kysely';

/** An agent's token (docs/decisions.md 48): stored hashed, revoked rather than deleted (the audit log names it). */
export interface ProbeAgentTable {
  id: string;
  /** One of contracts/probe-locations-rules.ts probeLocationIds. */
  location: string;
  /** sha256 of the token, hex. */
  token_hash: string;
  created_at: number;
  /** Who made it: a staff e-mail, or "cli". */
  created_by: string;
  /** Its newest request (monitors or results), epoch ms. */
  last_seen_at: number | null;
  /** The agent's ping endpoint, as it last said. */
  ping_url: string | null;
  /** Results it said it had to drop (buffer full), in all. */
  dropped: ColumnType<number, number | undefined, number>;
  revoked_at: number | null;
}

/** One probe of one monitor from one location, kept 7 days like the decided results. */
export interface StatusLocationResultTable {
  id: ColumnType<number, never, never>;
  monitor_id: string;
  location: string;
  /** When the probe finished, epoch ms. */
  at: number;
  ok: number;
  latency: number;
  /** The location's own state after this result (its state machine), or pending. */
  state: string;
  error: string | null;
}

/** Each location's state machine per monitor (docs/decisions.md 47): where it stands now. */
export interface StatusLocationStateTable {
  monitor_id: string;
  location: string;
  /** operational, degraded or down; null before its first decision. */
  state: string | null;
  /** Failed probes in a row. */
  failures: number;
  /** Its newest result, epoch ms. */
  at: number;
  latency: number;
  error: string | null;
}

/** The monitor's decided (quorum) state, and when its newest decided result was stored. */
export interface StatusDecisionTable {
  monitor_id: string;
  state: string;
  at: number;
  /** "Unreachable from Singapore", or the failing probes' error. */
  detail: string | null;
}

export interface ProbeLocationTables {
  probe_agent: ProbeAgentTable;
  status_location_result: StatusLocationResultTable;
  status_location_state: StatusLocationStateTable;
  status_decision: StatusDecisionTable;
}
