/** How the Game Panel writes sizes, dates and times. */

const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** 0 B, 512 B, 1.5 KiB, 20 MiB… (binary units, as the limits are written). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1).replace(/\.0$/, '')} ${units[unit]}`;
}

/** A date and time in the reader's own locale and zone, to the minute. */
export function formatDateTime(value: string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString([], { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** Spans longer than this label their times with the day too: 24 hours start and end at the same time of day. */
const datedSpanMs = 6 * 60 * 60_000;

/**
 * A time on a chart or in its table covering `spanMs`: the time of day for an hour, the day and
 * time for longer spans ("Nov 25, 11:05 PM"), so the two ends of a day's chart are told apart.
 */
export function formatChartTime(value: number, spanMs: number, locales?: Intl.LocalesArgument): string {
  const date = new Date(value);
  return spanMs > datedSpanMs
    ? date.toLocaleString(locales, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
    : date.toLocaleTimeString(locales, { hour: '2-digit', minute: '2-digit' });
}

/** Percent of one core, one decimal. */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}
