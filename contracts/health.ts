/** GET /api/health (alive) and GET /api/health/ready (ready to take traffic). */
import { z } from 'zod';

export const healthAnswer = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['ok', 'unreachable']),
  /** The running version (package.json and the git commit when known). */
  version: z.string(),
});

export const readyAnswer = z.object({
  status: z.enum(['ready', 'not_ready']),
  /** Each part checked: the database, the prober, the outbox, the game-server engine. */
  parts: z.record(
    z.string(),
    z.object({
      ok: z.boolean(),
      /** When false, the part is reported but does not make the instance unready. */
      required: z.boolean(),
      detail: z.string(),
    }),
  ),
  version: z.string(),
});

export type HealthAnswer = z.infer<typeof healthAnswer>;
export type ReadyAnswer = z.infer<typeof readyAnswer>;
