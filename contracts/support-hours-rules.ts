/**
 * The team's support hours without their schemas (docs/decisions.md 92): what the site's islands
 * need (no zod in the page's script), and the server too: whether they are open at a time, when
 * they open next, and the hours in words. The schemas are in support-hours.ts.
 */

/** Monday first, as the week is read here. */
export const weekDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** One day: open from `open` to `close` (HH:MM on its time zone's clock, 24:00 for midnight), or closed (null). */
export type SupportDay = { open: string; close: string } | null;

export interface SupportHours {
  timeZone: string;
  /** Monday to Sunday. */
  days: SupportDay[];
}

/** What GET /api/support/hours answers: the hours, and whether they are open at the server's now. */
export interface SupportHoursAnswer {
  hours: SupportHours;
  alwaysOpen: boolean;
  open: boolean;
  /** When they open next (ISO 8601); null while open, or when no day is open. */
  opensAt: string | null;
}

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Until the team sets its own: every day 10:00 to 22:00, India time (docs/decisions.md 92). */
export const defaultSupportHours: SupportHours = {
  timeZone: 'Asia/Kolkata',
  days: weekDays.map(() => ({ open: '10:00', close: '22:00' })),
};

/** Every day open all day: the only hours that may be called 24/7. */
export function isAlwaysOpen(hours: SupportHours): boolean {
  return hours.days.every((d) => d !== null && d.open === '00:00' && d.close === '24:00');
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** The weekday (0 Monday) and minute of the day at `at` in `timeZone`. */
function localOf(at: number, timeZone: string): { day: number; minute: number } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday ?? '');
  return { day, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

export function isOpenAt(hours: SupportHours, at: number): boolean {
  const { day, minute } = localOf(at, hours.timeZone);
  const today = hours.days[day];
  return today !== null && today !== undefined && minute >= minutesOf(today.open) && minute < minutesOf(today.close);
}

/** The first minute at or after `at` the hours are open; undefined when no day is. */
export function nextOpening(hours: SupportHours, at: number): number | undefined {
  if (hours.days.every((d) => d === null)) return undefined;
  const minute = 60_000;
  const step = 15 * minute;
  let t = Math.floor(at / minute) * minute;
  if (isOpenAt(hours, t)) return t;
  // Quarter hours over a week and a day, then back to the exact minute.
  for (let i = 0; i < (8 * 24 * 60) / 15; i += 1) {
    const next = t + step;
    if (isOpenAt(hours, next)) {
      let exact = next;
      while (exact - minute > t && isOpenAt(hours, exact - minute)) exact -= minute;
      return exact;
    }
    t = next;
  }
  return undefined;
}

/** The hours at `now`, as GET /api/support/hours answers. */
export function hoursAnswer(hours: SupportHours, now: number): SupportHoursAnswer {
  const open = isOpenAt(hours, now);
  const opensAt = open ? undefined : nextOpening(hours, now);
  return { hours, alwaysOpen: isAlwaysOpen(hours), open, opensAt: opensAt === undefined ? null : new Date(opensAt).toISOString() };
}

/** The hours in words: "24/7, every day", or "Monday to Friday 09:00–18:00, Saturday 10:00–14:00 (Asia/Kolkata time)". */
export function hoursInWords(hours: SupportHours): string {
  if (isAlwaysOpen(hours)) return '24/7, every day';
  const text = (d: SupportHours['days'][number]) => (d ? `${d.open}–${d.close}` : null);
  const groups: { from: number; to: number; text: string }[] = [];
  hours.days.forEach((d, i) => {
    const t = text(d);
    if (t === null) return;
    const last = groups.at(-1);
    if (last && last.to === i - 1 && last.text === t) last.to = i;
    else groups.push({ from: i, to: i, text: t });
  });
  if (groups.length === 0) return 'No hours set: the team answers messages by e-mail.';
  const days = (g: { from: number; to: number }) =>
    g.from === 0 && g.to === 6 ? 'Every day' : g.from === g.to ? weekDays[g.from] : `${weekDays[g.from]} to ${weekDays[g.to]}`;
  return `${groups.map((g) => `${days(g)} ${g.text}`).join(', ')} (${hours.timeZone} time)`;
}
