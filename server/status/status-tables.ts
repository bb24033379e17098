import type { Generated } from 'kysely';

/** One probe of one monitor: the raw result, kept 7 days. */
export interface StatusResultTable {
  id: Generated<number>;
  monitor_id: string;
  /** When the probe finished, epoch milliseconds. */
  at: number;
  /** 1 when the target answered, 0 when it did not. */
  ok: number;
  /** Milliseconds; 0 when there was no answer. */
  latency: number;
  /** The monitor's state after this result: operational, degraded or down. */
  state: string;
}

/** The results of one monitor in one hour, summed; kept 90 days. */
export interface StatusHourlyTable {
  monitor_id: string;
  /** Start of the hour, epoch milliseconds. */
  hour: number;
  /** How many probes ran. */
  checks: number;
  /** How many of them left the monitor up (operational or degraded). */
  up: number;
  /** How many got an answer. */
  ok: number;
  /** Sum of the latencies of the answered probes, for the hour's average. */
  latency_sum: number;
}

/**
 * Every incident and maintenance change, in order, written in the transaction that made it: the
 * board's push, subscribers' notifications and the feed all read from here (contracts/incidents.ts).
 */
export interface StatusEventTable {
  id: Generated<number>;
  at: number;
  /** One of contracts/incidents.ts statusEventKinds. */
  kind: string;
  /** The incident's or maintenance's id. */
  subject_id: string;
  /** JSON: the incident or maintenance as it was after the change. */
  payload: string;
}

/** The status capability's tables, as Kysely sees them (times in epoch milliseconds). */
export interface StatusTables {
  status_result: StatusResultTable;
  status_hourly: StatusHourlyTable;
  status_event: StatusEventTable;
}
