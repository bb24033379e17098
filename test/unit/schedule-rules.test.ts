import { describe, expect, it } from 'vitest';
import { checkSchedule, nextRuns } from '../../contracts/schedule-rules.ts';
import { timetableInWords } from '../../src/lib/timetable-words.ts';
import { nightlyRestart } from '../helpers/schedule-fixture.ts';

/** The schedules' shared rules: next runs in a time zone (daylight saving included), field messages, words. */
describe('schedule rules', () => {
  const daily = nightlyRestart.timetable;

  it('gives the next runs in the schedule’s time zone, across a change to summer time', () => {
    const from = Date.parse('2026-03-27T12:00:00Z');
    expect(nextRuns(daily, 'Europe/London', from, 3).map((t) => new Date(t).toISOString())).toEqual([
      '2026-03-28T04:00:00.000Z',
      // 04:00 British Summer Time.
      '2026-03-29T03:00:00.000Z',
      '2026-03-30T03:00:00.000Z',
    ]);
    expect(nextRuns(daily, 'Asia/Kolkata', from, 1).map((t) => new Date(t).toISOString())).toEqual(['2026-03-27T22:30:00.000Z']);
  });

  it('names each wrong field, and nothing for a good schedule', () => {
    expect(checkSchedule(nightlyRestart)).toEqual({});
    const fields = checkSchedule({
      ...nightlyRestart,
      timetable: { minute: '61', hour: '*/2', dayOfMonth: '', month: '13', dayOfWeek: 'MON-FRI' },
      timeZone: 'Nowhere/Town',
      tasks: [{ kind: 'command', delaySeconds: 0, command: 'say one\nsay two' }],
    });
    expect(Object.keys(fields).sort()).toEqual(['tasks.0.command', 'timeZone', 'timetable.dayOfMonth', 'timetable.minute', 'timetable.month']);
    expect(checkSchedule({ ...nightlyRestart, timetable: { ...daily, hour: '4 5' } })['timetable.hour']).toMatch(/commas/);
  });

  it('says a timetable in words', () => {
    expect(timetableInWords(daily)).toBe('At 04:00');
    expect(timetableInWords({ ...daily, minute: '*/15', hour: '*' })).toBe('Every 15 minutes');
    expect(timetableInWords({ ...daily, minute: 'x' })).toBeUndefined();
  });
});
