/** GET /api/health: is this instance alive, and does its database answer. */
import { z } from 'zod';

export const healthAnswer = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['ok', 'unreachable']),
  /** The running version (package.json and the git commit when known). */
  version: z.string(),
});

export type HealthAnswer = z.infer<typeof healthAnswer>;
