/**
 * The API's one error envelope: `{"error":{"code","message","fields"?}}`. Every 4xx and 5xx
 * answer of /api has this shape; clients read `message` for people and `fields` for forms.
 */
import { z } from 'zod';

export const errorBody = z
  .object({
    error: z.object({
      /** Stable, machine-readable: `invalid`, `not_connected`, `rate_limited`… */
      code: z.string(),
      /** One sentence a person can act on. */
      message: z.string(),
      /** Per-field messages of a form, keyed by field name. */
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .describe('What went wrong, for people and for forms.');

export type ErrorBody = z.infer<typeof errorBody>;

/** The response schema of a route that answers with no body (204, or 202 when the work goes on). */
export const noContent = z.null().describe('No content');

/** Response schemas for the error statuses a route may answer with. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorBody> {
  return Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<S, typeof errorBody>;
}
