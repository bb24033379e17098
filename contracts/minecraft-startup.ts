/** The Version tool's contract (docs/decisions.md 112): the server's startup variables under /api/panel/minecraft/startup. */
import { z } from 'zod';
import { maxStartupValueLength, startupKeyPattern, startupValuePattern } from './startup-rules.ts';

export const startupVariable = z.object({
  /** The environment name (`MINECRAFT_VERSION`). */
  key: z.string(),
  name: z.string(),
  description: z.string(),
  value: z.string(),
  defaultValue: z.string(),
  /** The provider lets the customer change it. */
  editable: z.boolean(),
  /** The egg's rules (Laravel's), checked here and by the panel; '' on the local driver, which has `choices`. */
  rules: z.string(),
  /** The values allowed, when the rules or the servers file list them. */
  choices: z.array(z.string()).nullable(),
  /** A change takes effect at the next restart, or only once the server is reinstalled (the install script fetches the software). */
  appliesOn: z.enum(['restart', 'reinstall']),
});

export const startupAnswer = z.object({
  variables: z.array(startupVariable),
  /** The engine's status: `installing` during a reinstall, `install_failed`, or null. */
  status: z.string().nullable(),
  /** The engine can reinstall (Pterodactyl and Pelican); the local driver applies changes at the next start. */
  canReinstall: z.boolean(),
});

export const startupVariableBody = z.strictObject({
  key: z.string().regex(startupKeyPattern, 'A variable name is capital letters, digits and _.'),
  value: z
    .string()
    .max(maxStartupValueLength)
    .regex(startupValuePattern, 'A value may hold letters, digits and . _ : + - / @ , = only (no spaces or shell characters).'),
});

export const startupVariableAnswer = z.object({ variable: startupVariable, message: z.string() });

export type StartupVariable = z.infer<typeof startupVariable>;
export type StartupAnswer = z.infer<typeof startupAnswer>;
export type StartupVariableAnswer = z.infer<typeof startupVariableAnswer>;
