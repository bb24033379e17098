import { defineContent, z } from './define.ts';

const counterSchema = z.object({
  id: z.enum(['chats', 'waiting', 'satisfaction', 'resolution']),
  /** The provider's stated figure, shown as what it aims for until the figures are measured. */
  value: z.number().int().min(0),
  /** Written right after the number: "%", " min". */
  suffix: z.string(),
  /** The aim, in words that never claim it was measured. */
  label: z.string().min(1).regex(/aim/, 'an aim must say it is an aim'),
  /** The label once the figure is measured (what exactly was counted). */
  measuredLabel: z.string().min(1),
});

export type Counter = z.infer<typeof counterSchema>;

/**
 * The support block's counters on the home page (docs/decisions.md 22, 46): the provider's stated
 * figures, worded as aims, until the support desk has measured enough conversations.
 */
export const counters: readonly Counter[] = defineContent('counters', z.array(counterSchema).length(4), [
  // The aims agree with each other and with the support block's words (docs/decisions.md 92): most
  // chats answered within a minute, so the average first answer is a couple of minutes at most.
  {
    id: 'chats',
    value: 78,
    suffix: '%',
    label: 'of chats we aim to answer within 60 seconds',
    measuredLabel: 'of chats answered by a person within 60 seconds',
  },
  {
    id: 'waiting',
    value: 2,
    suffix: ' min',
    label: "the average wait for a person's first answer we aim to stay under",
    measuredLabel: "average wait for a person's first answer",
  },
  { id: 'satisfaction', value: 98, suffix: '%', label: 'customer satisfaction we aim for', measuredLabel: 'of ratings 4 or 5 out of 5' },
  { id: 'resolution', value: 91, suffix: '%', label: 'we aim to solve at the first contact', measuredLabel: 'resolved without being reopened' },
]);

/** The line under the counters: aims, or measured over a window. */
/** The support block's promise, which the aims above must bear out. */
export const supportPromise = 'our team aims to answer most live chats within a minute, and stays with you until it works.';

export const countersCaption = {
  aims: 'Our aims, not yet measured: measured figures replace them once enough conversations have been rated and answered.',
  /** {days} and {conversations} are filled in. */
  measured: 'Measured over the last {days} days, from {conversations} conversations.',
};
