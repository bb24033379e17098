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

/** The status capability's tables, as Kysely sees them (times in epoch milliseconds). */
export interface StatusTables {
  status_result: StatusResultTable;
  status_hourly: StatusHourlyTable;
}
