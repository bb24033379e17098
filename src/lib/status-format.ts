// How the status board presents a monitor: latency colours and labels, state names, uptime figures.
import type { ServerStatus } from '../../contracts/status-rules.ts';

export type LatencyTone = 'red' | 'blue' | 'yellow';

/** The latency colour (docs/decisions.md 28): 0 (no answer) red, under 100 blue, under 300 yellow, else red. */
export function latencyTone(latencyMs: number): LatencyTone {
  if (latencyMs <= 0) return 'red';
  if (latencyMs < 100) return 'blue';
  if (latencyMs < 300) return 'yellow';
  return 'red';
}

/**
 * The latency as shown: "42 ms", or when there was no answer, why in words as the server says it
 * ("HTTP 503", "Connection refused", "Timed out"; docs/decisions.md 86), "No answer" without a reason.
 */
export function latencyLabel(latencyMs: number, failure?: string): string {
  return latencyMs <= 0 ? (failure ?? 'No answer') : `${Math.round(latencyMs)} ms`;
}

/** How often monitors are probed: "every 30 seconds", or the range "every 10–30 seconds". */
export function intervalWords(shortest: number, longest = shortest): string {
  const minutes = shortest >= 60 && shortest % 60 === 0 && longest % 60 === 0;
  const figure = (seconds: number) => String(+(minutes ? seconds / 60 : seconds).toFixed(1));
  const unit = minutes ? 'minute' : 'second';
  if (figure(shortest) === figure(longest)) return figure(shortest) === '1' ? `every ${unit}` : `every ${figure(shortest)} ${unit}s`;
  return `every ${figure(shortest)}–${figure(longest)} ${unit}s`;
}

/** The board's note: "Probed every 30 seconds", "Probed every 10–30 seconds" (each monitor's card says its own). */
export function probedEvery(shortest: number | undefined, longest = shortest): string {
  return shortest === undefined ? 'Probed around the clock' : `Probed ${intervalWords(shortest, longest)}`;
}

export const statusLabels: Record<ServerStatus, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
};

/** Formats an uptime percentage: 99.98%, 100%; null when nothing is measured yet. */
export function uptimeLabel(percent: number | null): string {
  if (percent === null) return 'No data yet';
  const fixed = percent >= 99.995 && percent < 100 ? '99.99' : percent.toFixed(2).replace(/\.?0+$/, '');
  return `${fixed}%`;
}

/**
 * Over what an uptime figure was measured (docs/decisions.md 38): the time since the first
 * counted reading, within the window. "over 12 days", "over 3 hours", "over 5 minutes".
 */
export function measuredOver(since: number | null, windowMs: number, now: number): string | undefined {
  if (since === null) return undefined;
  const span = Math.max(0, now - Math.max(since, now - windowMs));
  const minutes = Math.floor(span / 60_000);
  const hours = Math.floor(span / 3_600_000);
  const days = Math.floor(span / 86_400_000);
  if (days >= 2) return `over ${days} days`;
  if (hours >= 1) return `over ${hours} hour${hours === 1 ? '' : 's'}`;
  if (minutes >= 1) return `over ${minutes} minute${minutes === 1 ? '' : 's'}`;
  return 'over less than a minute';
}

/** An uptime figure and its span together: "99.95% over 12 days", or "No data yet". */
export function uptimeOver(percent: number | null, since: number | null, windowMs: number, now: number): string {
  const over = percent === null ? undefined : measuredOver(since, windowMs, now);
  return over ? `${uptimeLabel(percent)} ${over}` : uptimeLabel(percent);
}

export const impactLabels = { minor: 'Minor', major: 'Major', critical: 'Critical' } as const;

export const incidentStateLabels = { investigating: 'Investigating', identified: 'Identified', monitoring: 'Monitoring', resolved: 'Resolved' } as const;

export const maintenanceStateLabels = { scheduled: 'Scheduled', in_progress: 'In progress', completed: 'Completed', cancelled: 'Cancelled' } as const;

// The status pages' dates are in UTC and English, written here rather than with
// Intl.DateTimeFormat: the server renders these pages (server/status-pages/), and Intl's first
// date format maps about 8 MiB of the ICU data in Node's binary into the process for good, which
// alone put the server over its memory at rest (docs/decisions.md 165). The words are en-GB's,
// as Node's ICU writes them ("Sept"), and the same in every browser.
const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;
/** 5 → "05": hours, minutes and seconds as the status pages write them. */
export const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A day of the bars, in UTC (the bars' days are UTC days): "12 Nov 2026". */
export function dayLabel(ms: number): string {
  const date = new Date(ms);
  return `${date.getUTCDate()} ${shortMonths[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A moment of a timeline, in UTC: "12 Nov, 14:05 UTC". */
export function timeLabel(iso: string | number): string {
  const date = new Date(typeof iso === 'number' ? iso : Date.parse(iso));
  return `${date.getUTCDate()} ${shortMonths[date.getUTCMonth()]}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`;
}

/** The month a history entry is filed under: "November 2026". */
export function monthLabel(iso: string): string {
  const date = new Date(Date.parse(iso));
  return `${monthNames[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
