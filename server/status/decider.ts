import type { Kysely, Transaction } from 'kysely';
import { siteLocationId } from '../../contracts/probe-locations-rules.ts';
import { historyLength, monitorChangedKind, type ServerStatus } from '../../contracts/status-rules.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { nextMemory } from './monitor-state.ts';
import type { MonitorChange } from '../status-events/status-event-map.ts';
import { recordMonitorChange, type MonitorChangeEvent } from './monitor-changes.ts';
import { failureWords } from './failure-words.ts';
import type { Monitor } from './monitors-file.ts';
import { writeResults, type ResultRow } from './status-repository.ts';
import {
  decisionsOf,
  insertLocationResults,
  lockDecisions,
  locationStatesOf,
  newestLocationResults,
  newestDecisionAt,
  saveDecisions,
  saveLocationStates,
  type Decision,
  type LocationResultRow,
  type LocationState,
} from './location-results-repository.ts';
import { decideQuorum, type LocationView } from './quorum.ts';

/** One probe's result from one location. */
export interface LocationResult {
  monitorId: string;
  /** When the probe finished, epoch ms. */
  at: number;
  ok: boolean;
  latency: number;
  error?: string;
  players?: { online: number; max: number };
  version?: string;
}

/** What a location says of a monitor, as the board shows it. */
export interface LocationReading {
  location: string;
  status: ServerStatus | 'pending';
  latency: number;
  at: number;
  /** Its newest result's failure in words (failure-words.ts), when it got no answer. */
  failure?: string;
  /** Its newest stored readings, when this batch stored more than the board has heard of (a buffered batch). */
  readings?: { timestamp: number; latency: number }[];
}

export interface DecideInput {
  location: string;
  results: readonly LocationResult[];
  /** The monitors being probed, by id: results of any other are not stored. */
  monitors: ReadonlyMap<string, Monitor>;
  now: number;
  inMaintenance: (monitorId: string, at: number) => boolean;
  /** The site's own prober in standby: its location counts only while no other location reports. */
  standbyLocation?: string;
}

export interface DecideOutcome {
  /** The decided results stored (one per monitor whose state was decided now), all at `at`. */
  rows: ResultRow[];
  /** Each decided monitor's locations as they stand now. */
  locations: Map<string, LocationReading[]>;
  /** "Unreachable from Singapore" and the like, per decided monitor. */
  details: Map<string, string>;
  /** Per decided monitor that nobody got an answer from: the failure in words ("HTTP 503"). */
  failures: Map<string, string>;
  changes: MonitorChange[];
  /** The same changes as logged (with their event ids), to publish once the transaction committed. */
  changeEvents: MonitorChangeEvent[];
  /** When the decision was made: the time of its rows. */
  at: number;
  accepted: number;
  ignored: number;
}

/**
 * How long a location's newest result counts as "reported in the last interval": two intervals
 * and the timeout, so locations probing out of phase with each other all count, and one that
 * missed two rounds in a row no longer does (docs/decisions.md 47).
 */
export function freshForMs(monitor: Pick<Monitor, 'intervalSeconds' | 'timeoutSeconds'>): number {
  return (2 * monitor.intervalSeconds + monitor.timeoutSeconds) * 1000;
}

/** True when the only location that probed a monitor is this site's own prober, not placed at a location. */
export function onlySite(locations: readonly { location: string }[]): boolean {
  return locations.every((l) => l.location === siteLocationId);
}

const key = (monitorId: string, location: string) => `${monitorId}\u0000${location}`;

/**
 * Takes one location's results and, in one transaction, stores them as that location's history,
 * moves that location's state machine for each monitor (the monitor's own failures-before-down),
 * decides each monitor's state from the locations that reported recently (decideQuorum), stores
 * the decided results (the board, uptime and hourly sums read these) and records each change of
 * a decided state as a monitor.changed event (docs/decisions.md 54). On PostgreSQL a transaction
 * lock makes every instance's decisions one sequence; SQLite's transactions are one at a time.
 *
 * A result older than its freshness (a buffered one sent late) fills the location's history and
 * its state machine, but decides nothing: the past is not announced as news. A result no newer
 * than the location's newest (a batch sent again) is not stored twice.
 */
export async function decideResults(db: Kysely<Database>, dialect: Dialect | undefined, input: DecideInput): Promise<DecideOutcome> {
  const known = input.results.filter((r) => input.monitors.has(r.monitorId));
  const ignored = input.results.length - known.length;
  const empty: DecideOutcome = {
    rows: [],
    locations: new Map(),
    details: new Map(),
    failures: new Map(),
    changes: [],
    changeEvents: [],
    at: input.now,
    accepted: 0,
    ignored,
  };
  if (known.length === 0) return empty;
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await lockDecisions(trx);
    return decideIn(trx, input, known, ignored);
  });
}

async function decideIn(trx: Transaction<Database>, input: DecideInput, known: readonly LocationResult[], ignored: number): Promise<DecideOutcome> {
  const { location, now, monitors } = input;
  const ids = [...new Set(known.map((r) => r.monitorId))];
  const states = new Map((await locationStatesOf(trx, ids)).map((s) => [key(s.monitorId, s.location), s]));
  const decisions = await decisionsOf(trx, ids);
  const at = Math.max(now, (await newestDecisionAt(trx)) + 1);

  const ordered = [...known].sort((a, b) => a.at - b.at);
  const historyRows: LocationResultRow[] = [];
  const touched = new Map<string, LocationState>();
  const fresh = new Set<string>();
  const newest = new Map<string, LocationResult>();
  /** Monitors a location's own state changed for: the board hears of it at once. */
  const moved = new Set<string>();
  /**
   * Monitors whose line for this location the board may lack stored results of: more than one
   * stored now (a buffered batch), or the one before them stored while already stale (a batch
   * that decided nothing, so nothing was published). Their line is sent whole (docs/decisions.md 86).
   */
  const stored = new Map<string, number>();
  const refill = new Set<string>();
  let duplicates = 0;
  for (const r of ordered) {
    const monitor = monitors.get(r.monitorId)!;
    const k = key(r.monitorId, location);
    const before = states.get(k);
    // A result from the location's future is taken as now (clocks differ a little).
    const takenAt = Math.min(r.at, now);
    // Not newer than what this location last said: sent again (an answer lost on the way), not stored twice.
    if (before && takenAt <= before.at) {
      duplicates++;
      continue;
    }
    const memory = nextMemory({ state: before?.state, failures: before?.failures ?? 0 }, r, monitor);
    historyRows.push({
      monitorId: r.monitorId,
      location,
      at: takenAt,
      ok: r.ok,
      latency: r.ok ? r.latency : 0,
      state: memory.state ?? 'pending',
      ...(r.ok ? {} : { error: r.error ?? 'no answer' }),
    });
    if (before?.state !== memory.state) moved.add(r.monitorId);
    stored.set(r.monitorId, (stored.get(r.monitorId) ?? 0) + 1);
    if (stored.get(r.monitorId)! > 1 || (before && now - before.at > freshForMs(monitor))) refill.add(r.monitorId);
    const state: LocationState = {
      monitorId: r.monitorId,
      location,
      state: memory.state,
      failures: memory.failures,
      at: takenAt,
      latency: r.ok ? r.latency : 0,
      ...(r.ok ? {} : { error: r.error ?? 'no answer' }),
    };
    states.set(k, state);
    touched.set(k, state);
    newest.set(r.monitorId, r);
    if (now - takenAt <= freshForMs(monitor)) fresh.add(r.monitorId);
  }

  const rows: ResultRow[] = [];
  const changes: MonitorChange[] = [];
  const newDecisions: Decision[] = [];
  const locations = new Map<string, LocationReading[]>();
  const details = new Map<string, string>();
  const failures = new Map<string, string>();
  for (const monitorId of fresh) {
    const monitor = monitors.get(monitorId)!;
    const all = [...states.values()].filter((s) => s.monitorId === monitorId);
    const recent = all.filter((s) => now - s.at <= freshForMs(monitor));
    const others = recent.filter((s) => s.location !== input.standbyLocation);
    const reporting = input.standbyLocation !== undefined && others.length > 0 ? others : recent;
    const views: LocationView[] = reporting
      .filter((s): s is LocationState & { state: ServerStatus } => s.state !== undefined)
      .map((s) => ({ location: s.location, state: s.state, latency: s.latency, ...(s.error ? { error: s.error } : {}) }));
    const decided = decideQuorum(views, monitor.quorum);
    const previous = decisions.get(monitorId);
    const result = newest.get(monitorId)!;
    const maintenance = input.inMaintenance(monitorId, at);
    // The site's own prober alone is not a location to show: the board stays as it always was.
    if (!onlySite(all))
      locations.set(
        monitorId,
        all.map((s) => ({
          location: s.location,
          status: s.state ?? 'pending',
          latency: s.latency,
          at: s.at,
          ...(s.error ? { failure: failureWords(s.error) } : {}),
        })),
      );
    if (decided?.detail && decided.state !== 'down') details.set(monitorId, decided.detail);
    const changed = decided !== undefined && decided.state !== previous?.state;
    // A decided result for every result of a location reporting alone (as the one prober always
    // did); with several, at most about two an interval, and at once at a change (of the decision
    // or of a location's state, or a location's buffered batch), however many locations report.
    const due = !previous || reporting.length <= 1 || at - previous.at >= monitor.intervalSeconds * 500;
    // A location's buffered results are news for its line on the board: sent at once too.
    if (!changed && !due && !moved.has(monitorId) && !refill.has(monitorId)) continue;
    if (changed) {
      changes.push({
        monitorId,
        from: previous?.state ?? null,
        to: decided.state,
        at,
        maintenance,
        ...(decided.state === 'down' || !result.ok ? { detail: decided.state === 'down' ? decided.detail! : (result.error ?? 'no answer') } : {}),
        ...(views.length > 1 || decided.failing.length > 0
          ? { locations: views.map((v) => ({ location: v.location, state: v.state, ...(v.state === 'down' && v.error ? { detail: v.error } : {}) })) }
          : {}),
      });
    }
    if (decided) newDecisions.push({ monitorId, state: decided.state, at, ...(decided.detail ? { detail: decided.detail } : {}) });
    const answered = decided ? decided.latency > 0 : result.ok;
    // Nobody got an answer: say why in words, from a location that failed (the board shows these, never the error).
    if (!answered) failures.set(monitorId, failureWords(decided ? (views.find((v) => v.error)?.error ?? result.error) : result.error));
    rows.push({
      monitorId,
      at,
      ok: answered,
      latency: decided ? decided.latency : result.ok ? result.latency : 0,
      state: decided?.state ?? 'pending',
      maintenance,
      ...(result.ok && result.players ? { players: result.players } : {}),
      ...(result.ok && result.version ? { version: result.version } : {}),
    });
  }

  await insertLocationResults(trx, historyRows);
  for (const monitorId of refill) {
    const line = locations.get(monitorId)?.find((l) => l.location === location);
    if (!line || !rows.some((r) => r.monitorId === monitorId)) continue;
    line.readings = (await newestLocationResults(trx, monitorId, location, historyLength)).map((r) => ({ timestamp: r.at, latency: r.latency }));
  }
  await saveLocationStates(trx, [...touched.values()]);
  if (rows.length) await writeResults(trx, rows);
  await saveDecisions(trx, newDecisions);
  // The results and the changes they decided, together (docs/decisions.md 54).
  const changeEvents: MonitorChangeEvent[] = [];
  for (const change of changes)
    changeEvents.push({ id: await recordMonitorChange(trx, change), at: change.at, kind: monitorChangedKind, subjectId: change.monitorId, payload: change });
  return { rows, locations, details, failures, changes, changeEvents, at, accepted: known.length - duplicates, ignored };
}
