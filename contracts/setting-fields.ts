/**
 * A setting of a monitor's type or an alert channel's kind, as the console's forms draw it
 * (docs/decisions.md 114): the server derives these from the type's or kind's own zod schema
 * (server/lib/setting-fields.ts), so a new type or kind brings its fields with it.
 */
import { z } from 'zod';

export const settingField = z.object({
  /** The key in `settings`; a field error is reported as `settings.<key>`. */
  key: z.string(),
  label: z.string(),
  /** What to write, in a sentence. */
  hint: z.string().nullable(),
  /** text, number, or a choice of fixed values. */
  input: z.enum(['text', 'number', 'choice']),
  choices: z.array(z.string()).nullable(),
  required: z.boolean(),
  /** What it is when left empty. */
  default: z.string().nullable(),
});

export type SettingField = z.infer<typeof settingField>;
