import { describe, expect, it } from 'vitest';
import { defaultSupportHours, hoursAnswer, hoursInWords, type SupportHours } from '../../contracts/support-hours.ts';

describe('support hours in words and by the clock (docs/decisions.md 92)', () => {
  it('says 24/7 only when every day is open all day', () => {
    const always: SupportHours = { timeZone: 'UTC', days: Array(7).fill({ open: '00:00', close: '24:00' }) };
    expect(hoursInWords(always)).toBe('24/7, every day');
    expect(hoursInWords(defaultSupportHours)).toBe('Every day 10:00–22:00 (Asia/Kolkata time)');
    expect(hoursInWords(defaultSupportHours)).not.toContain('24/7');
    const mixed: SupportHours = {
      timeZone: 'Europe/London',
      days: [...Array(5).fill({ open: '09:00', close: '18:00' }), { open: '10:00', close: '14:00' }, null],
    };
    expect(hoursInWords(mixed)).toBe('Monday to Friday 09:00–18:00, Saturday 10:00–14:00 (Europe/London time)');
  });

  it('opens and closes on the time zone’s clock, daylight saving included', () => {
    const london: SupportHours = { timeZone: 'Europe/London', days: Array(7).fill({ open: '09:00', close: '17:00' }) };
    // 29 March 2026: the clocks go forward; 09:00 in London is 08:00 UTC.
    expect(hoursAnswer(london, Date.parse('2026-03-29T07:30:00Z'))).toMatchObject({ open: false, opensAt: '2026-03-29T08:00:00.000Z' });
    expect(hoursAnswer(london, Date.parse('2026-03-28T08:30:00Z'))).toMatchObject({ open: false, opensAt: '2026-03-28T09:00:00.000Z' });
    expect(hoursAnswer({ timeZone: 'UTC', days: Array(7).fill(null) }, 0)).toMatchObject({ open: false, opensAt: null });
  });
});
