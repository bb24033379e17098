import type { ColumnType, Generated } from 'kysely';

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
  /** 1 when taken in a maintenance window of the monitor: kept, but not counted in uptime. */
  maintenance: ColumnType<number, number | undefined, number>;
  /** What a Minecraft server said: players online and max, version name (null for other monitors). */
  players_online: number | null;
  players_max: number | null;
  version: string | null;
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
  /** Probes taken in a maintenance window: not in checks or up (docs/decisions.md 38). */
  maintenance_checks: ColumnType<number, number | undefined, number>;
}

/** A monitor of the status board (docs/decisions.md 37). */
export interface StatusMonitorTable {
  id: string;
  name: string;
  type: string;
  /** As written, placeholders included. */
  target: string;
  /** The type's own settings as JSON (server/status/monitor-types/), '{}' when it has none. */
  settings: Generated<string>;
  interval_seconds: number;
  timeout_seconds: number;
  degraded_above_ms: number;
  failures_before_down: number;
  /** Locations that must agree before the monitor is down; null: a majority of those reporting (docs/decisions.md 47). */
  quorum: number | null;
  /** 1 when paused: not probed. */
  paused: number;
  position: number;
  created_at: number;
  updated_at: number;
}

/** Imports done once (the monitors file), by name. */
export interface StatusSeedTable {
  name: string;
  at: number;
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
  status_monitor: StatusMonitorTable;
  status_seed: StatusSeedTable;
}
