import { describe, expect, it } from 'vitest';
import { dayLabel, monthLabel, timeLabel } from '../../src/lib/status-format.ts';

/**
 * The status pages' dates, written without Intl (docs/decisions.md 165), say what en-GB's
 * Intl.DateTimeFormat in UTC says (Node's ICU), for every month, at the edges of a day and of a
 * year, from a number or an ISO string.
 */
const intl = {
  day: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  time: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }),
  month: new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

const moments = [
  ...Array.from({ length: 12 }, (_, month) => Date.UTC(2026, month, 1, 0, 0)),
  ...Array.from({ length: 12 }, (_, month) => Date.UTC(2027, month, 28, 23, 59, 59)),
  Date.UTC(2026, 10, 12, 14, 5),
  Date.UTC(2026, 11, 31, 23, 59, 59, 999),
  Date.UTC(2030, 1, 28, 9, 7),
];

describe('status page dates', () => {
  it.each(moments.map((ms) => [new Date(ms).toISOString(), ms] as const))('%s reads as Intl en-GB in UTC', (iso, ms) => {
    expect(dayLabel(ms)).toBe(intl.day.format(ms));
    expect(timeLabel(ms)).toBe(intl.time.format(ms));
    expect(timeLabel(iso)).toBe(intl.time.format(ms));
    expect(monthLabel(iso)).toBe(intl.month.format(ms));
  });

  it('reads the examples of their comments', () => {
    expect(dayLabel(Date.UTC(2026, 10, 12))).toBe('12 Nov 2026');
    expect(timeLabel('2026-11-12T14:05:00Z')).toBe('12 Nov, 14:05 UTC');
    expect(monthLabel('2026-11-30T23:00:00Z')).toBe('November 2026');
    // An offset in the string is read as the moment it names, shown in UTC.
    expect(timeLabel('2026-11-13T01:35:00+05:30')).toBe('12 Nov, 20:05 UTC');
  });
});
