import { locationList } from '../../contracts/probe-locations-rules.ts';
import type { ServerStatus } from '../../contracts/status-rules.ts';

/** What one location says of a monitor now: its own state machine's state and newest result. */
export interface LocationView {
  location: string;
  state: ServerStatus;
  /** Its newest result's latency (0: no answer). */
  latency: number;
  /** Its newest failing probe's error. */
  error?: string;
}

export interface QuorumDecision {
  state: ServerStatus;
  /** Why, in words: the failing probe's error when down, "Unreachable from Singapore" when a minority fails. */
  detail?: string;
  /** The locations that see it down. */
  failing: string[];
  /** The median latency of the locations that got an answer, 0 when none did. */
  latency: number;
}

/** Locations needed to agree on down: the monitor's quorum, or a majority of those reporting. */
export function quorumNeeded(reporting: number, quorum: number | undefined): number {
  return quorum ?? Math.floor(reporting / 2) + 1;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/**
 * The monitor's state from the locations that reported for it in the last intervals
 * (docs/decisions.md 47): down only when at least the quorum of them see it down (each applied
 * the monitor's failures-before-down itself); fewer failing make it degraded, naming from where;
 * otherwise degraded when any location finds it slow, operational when all find it fine.
 * A location that did not report is not among the views: it never counts towards down.
 */
export function decideQuorum(views: readonly LocationView[], quorum?: number): QuorumDecision | undefined {
  if (views.length === 0) return undefined;
  const failing = views.filter((v) => v.state === 'down');
  const latency = median(views.filter((v) => v.latency > 0).map((v) => v.latency));
  const names = failing.map((v) => v.location);
  if (failing.length > 0 && failing.length >= quorumNeeded(views.length, quorum)) {
    const error = failing.find((v) => v.error)?.error ?? 'no answer';
    return { state: 'down', detail: views.length > 1 ? `${error} (from ${locationList(names)})` : error, failing: names, latency };
  }
  if (failing.length > 0) return { state: 'degraded', detail: `Unreachable from ${locationList(names)}`, failing: names, latency };
  return { state: views.some((v) => v.state === 'degraded') ? 'degraded' : 'operational', failing: [], latency };
}
