import cronstrue from 'cronstrue';
import type { Timetable } from '../../contracts/panel.ts';
import { cronPattern, nextRuns } from '../../contracts/schedule-rules.ts';

/** A timetable in words ("At 04:00"), or undefined when it is not a valid one. */
export function timetableInWords(t: Timetable): string | undefined {
  try {
    return cronstrue.toString(cronPattern(t), { use24HourTimeFormat: true, verbose: false, throwExceptionOnParseError: true });
  } catch {
    return undefined;
  }
}

/** The next `count` run times of a timetable read in `timeZone`, as epoch milliseconds. */
export function upcomingRuns(t: Timetable, timeZone: string, count = 3, from = Date.now()): number[] {
  return nextRuns(t, timeZone, from, count);
}

/** The browser's own IANA time zone. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A run time in the reader's zone with the weekday: "Thu 12 Mar, 04:00". */
export function formatRunTime(value: string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString([], { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}
