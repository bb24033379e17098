/**
 * The schedules' rules that the browser and the server both apply: the timetable's cron fields
 * (read by croner, the same library on both sides), time zones, tasks, and the next run times
 * (the limits are in panel-rules.ts, which panel.ts's schemas read). Types only from panel.ts,
 * so a page's bundle carries croner and these lines, not zod.
 */
import { Cron } from 'croner';
import type { ScheduleInput, Timetable } from './panel.ts';
import { checkCommand, maxScheduleNameLength } from './panel-rules.ts';

/** Schedules one server may have. */
export const maxSchedulesPerServer = 20;

export const timetableFields = ['minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'] as const;

/** The five fields as one cron pattern. */
export function cronPattern(t: Timetable): string {
  return timetableFields.map((f) => t[f].trim()).join(' ');
}

const fieldWords: Record<(typeof timetableFields)[number], string> = {
  minute: 'minutes (0–59)',
  hour: 'hours (0–23)',
  dayOfMonth: 'days of the month (1–31)',
  month: 'months (1–12 or JAN–DEC)',
  dayOfWeek: 'days of the week (0–6, Sunday is 0, or SUN–SAT)',
};

function cronOf(pattern: string, timeZone?: string): Cron {
  return new Cron(pattern, { paused: true, mode: '5-part', timezone: timeZone });
}

/** Whether the browser and the server know this IANA time zone. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * What is wrong with a schedule, by field (`name`, `timetable.hour`, `timeZone`,
 * `tasks.2.command`…); empty when nothing is.
 */
export function checkSchedule(input: ScheduleInput, now: number = Date.now()): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!input.name.trim()) fields.name = 'Give the schedule a name.';
  else if (input.name.length > maxScheduleNameLength) fields.name = `A name is at most ${maxScheduleNameLength} characters.`;
  for (const field of timetableFields) {
    const value = input.timetable[field].trim();
    if (!value) {
      fields[`timetable.${field}`] = `Fill in the ${fieldWords[field].split(' (')[0]}: * means every one.`;
      continue;
    }
    if (/\s/.test(value)) {
      fields[`timetable.${field}`] = 'One field has no spaces: separate values with commas (1,15,30).';
      continue;
    }
    // Each field alone, the others "*": the message names the field that is wrong.
    const alone = timetableFields.map((f) => (f === field ? value : '*')).join(' ');
    try {
      cronOf(alone);
    } catch {
      fields[`timetable.${field}`] = `Not a valid cron field for ${fieldWords[field]}: use *, numbers, ranges (1-5), lists (1,15) or steps (*/15).`;
    }
  }
  if (!isTimeZone(input.timeZone)) fields.timeZone = 'Choose a time zone such as Europe/London or UTC.';
  if (!Object.keys(fields).some((f) => f.startsWith('timetable.')) && !fields.timeZone) {
    // Valid fields that never meet (30 February) give no run at all.
    if (nextRuns(input.timetable, input.timeZone, now, 1).length === 0)
      fields['timetable.dayOfMonth'] = 'This timetable never comes round: no such day exists.';
  }
  if (input.tasks.length === 0) fields.tasks = 'Add at least one task.';
  input.tasks.forEach((task, i) => {
    if (task.kind !== 'command') return;
    const checked = checkCommand(task.command);
    if (!checked.ok) fields[`tasks.${i}.command`] = checked.message;
  });
  return fields;
}

/** The next `count` times (epoch ms) after `from` that a valid timetable comes round, read in `timeZone`. */
export function nextRuns(t: Timetable, timeZone: string, from: number, count: number): number[] {
  try {
    return cronOf(cronPattern(t), timeZone)
      .nextRuns(count, new Date(from))
      .map((d) => d.getTime());
  } catch {
    return [];
  }
}

/** Common timetables, offered as presets; the customer can edit the fields after choosing one. */
export const timetablePresets: { id: string; label: string; timetable: Timetable }[] = [
  { id: 'daily-0400', label: 'Every day at 04:00', timetable: { minute: '0', hour: '4', dayOfMonth: '*', month: '*', dayOfWeek: '*' } },
  { id: 'hourly', label: 'Every hour', timetable: { minute: '0', hour: '*', dayOfMonth: '*', month: '*', dayOfWeek: '*' } },
  { id: 'every-6-hours', label: 'Every 6 hours', timetable: { minute: '0', hour: '*/6', dayOfMonth: '*', month: '*', dayOfWeek: '*' } },
  { id: 'every-30-minutes', label: 'Every 30 minutes', timetable: { minute: '*/30', hour: '*', dayOfMonth: '*', month: '*', dayOfWeek: '*' } },
  { id: 'weekly-sunday-0300', label: 'Every Sunday at 03:00', timetable: { minute: '0', hour: '3', dayOfMonth: '*', month: '*', dayOfWeek: '0' } },
];
