/**
 * The team's support hours (docs/decisions.md 92), shared by the site and the server: the days
 * and times the team answers, in one time zone, as the staff console sets them; whether they are
 * open now, when they open next, and the hours in words. "24/7" is said only when every day is
 * open all day.
 */
import { z } from 'zod';
import { minutesOf } from './support-hours-rules.ts';

export * from './support-hours-rules.ts';

/** Whether the browser and the server know this IANA time zone (as schedule-rules.ts, without its cron package in the site's islands). */
function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Give a time as HH:MM, 00:00 to 24:00.');

/** One day: open from `open` to `close` (its own time zone's clock), or closed (null). */
export const supportDay = z
  .object({ open: clock, close: clock })
  .refine((d) => minutesOf(d.close) > minutesOf(d.open), { message: 'The closing time must be after the opening time.', path: ['close'] })
  .nullable();

export const supportHours = z.object({
  timeZone: z.string().refine(isTimeZone, 'Choose a time zone such as Asia/Kolkata or UTC.'),
  /** Monday to Sunday. */
  days: z.array(supportDay).length(7),
});

/** What GET /api/support/hours answers: the hours, and whether they are open at the server's now. */
export const supportHoursAnswer = z.object({
  hours: supportHours,
  alwaysOpen: z.boolean(),
  open: z.boolean(),
  /** When they open next (ISO 8601); null while open, or when no day is open. */
  opensAt: z.string().nullable(),
});
