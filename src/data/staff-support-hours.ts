import { hoursInWords, type SupportHoursAnswer } from '../../contracts/support-hours-rules.ts';

/** The console's support hours panel (docs/decisions.md 92). */
export const hoursPanelTexts = {
  heading: 'Support hours',
  intro:
    'The days and times the team answers. The site shows them wherever it speaks of availability, and outside them says when someone will answer. Live chat still needs someone “Available for chat”.',
  timeZone: 'Time zone (e.g. Asia/Kolkata, Europe/London, UTC)',
  days: 'Days and times (HH:MM; 24:00 for midnight)',
  hint: 'Every day 00:00–24:00 is the only setting the site calls 24/7.',
  opens: (day: string) => `${day} opens at`,
  closes: (day: string) => `${day} closes at`,
  closed: 'Closed',
  save: 'Save hours',
  saved: 'Support hours saved. Every page shows them now.',
  summary: (answer: SupportHoursAnswer) => `Now: ${hoursInWords(answer.hours)}; ${answer.open ? 'open' : 'closed'} at this moment.`,
} as const;
