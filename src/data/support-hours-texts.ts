/**
 * What the site says of the team's hours (docs/decisions.md 92): the hours come from the API at
 * run time (GET /api/support/hours), so no page claims an availability the team did not set.
 */
import { hoursInWords, type SupportHoursAnswer } from '../../contracts/support-hours-rules.ts';

/** A time in the visitor's own clock: "Monday 09:00". */
export function yourTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale ?? 'en-GB', { weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

export const supportHoursTexts = {
  loading: 'Reading our team’s hours…',
  failed: 'Our team’s hours could not be read just now: leave a message and we answer by e-mail.',
  /** One or two sentences: the hours, and what is true now. */
  line: (answer: SupportHoursAnswer, locale?: string, unstaffed = false): string => {
    if (answer.alwaysOpen)
      return unstaffed ? 'Our team answers 24/7: nobody is on chat this minute, so we answer by e-mail soon.' : 'Our team answers 24/7, every day.';
    const said = hoursInWords(answer.hours);
    // "Every day …" goes mid-sentence; day names keep their capital.
    const words = said.startsWith('Every day') ? `every day${said.slice('Every day'.length)}` : said;
    // Within the hours with nobody on chat (the help assistant knows): the answer comes by e-mail, soon.
    if (answer.open)
      return unstaffed ? `Our team answers ${words}: nobody is on chat this minute, so we answer by e-mail soon.` : `Our team answers ${words}: we are in now.`;
    if (answer.opensAt) return `Our team answers ${words}. Back ${yourTime(answer.opensAt, locale)} your time: we answer then.`;
    return 'Our team answers messages by e-mail.';
  },
  /** The contact page's card. */
  card: {
    openNow: 'Open now',
    closedNow: 'Closed now',
    always: '24/7, every day',
    backAt: (iso: string) => `Back ${yourTime(iso)} your time. Leave a message and we answer then.`,
    inNow: 'Our team is in: live chat needs someone who is available for chat; messages are answered by e-mail.',
    noHours: 'We answer every message by e-mail.',
    closed: 'Closed',
    zone: (zone: string) => `Times in ${zone} time.`,
  },
} as const;
