import { defineContent, z } from './define.ts';

const counterSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** The number counted up to. */
  value: z.number().int().min(0),
  /** Written right after the number: "%", " min". */
  suffix: z.string(),
  label: z.string().min(1),
});

export type Counter = z.infer<typeof counterSchema>;

/** The support block's counters on the home page (docs/decisions.md 22). */
export const counters: readonly Counter[] = defineContent('counters', z.array(counterSchema).min(1), [
  { id: 'chats', value: 78, suffix: '%', label: 'chats answered in seconds' },
  { id: 'waiting', value: 11, suffix: ' min', label: 'average waiting time' },
  { id: 'satisfaction', value: 98, suffix: '%', label: 'customer satisfaction' },
  { id: 'resolution', value: 91, suffix: '%', label: 'first time resolution rate' },
]);
