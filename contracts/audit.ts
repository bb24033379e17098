/**
 * The audit capability's contract (GET /api/staff/audit): one log of what staff, customers
 * (through the panel) and the system did, newest first, filterable by who, what and when.
 */
import { z } from 'zod';

export const auditActorKinds = ['staff', 'customer', 'system', 'anonymous'] as const;
export const auditActorKind = z.enum(auditActorKinds);
/** ok: done; refused: a rule said no (a bad passkey, a 403, a throttle); failed: it went wrong. */
export const auditOutcome = z.enum(['ok', 'refused', 'failed']);

const detailValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const auditEntry = z.object({
  id: z.string(),
  at: z.number(),
  /** label: who acted as recorded (a staff member's e-mail); name: a staff member's display name now, null when they gave none or are gone. */
  actor: z.object({ kind: auditActorKind, id: z.string().nullable(), label: z.string().nullable(), name: z.string().nullable() }),
  /** Dotted, capability first: `staff.signin`, `staff.role_change`, `panel.power`… */
  action: z.string(),
  /** What the action was done to, for people: an e-mail, a server id, a message id. */
  target: z.string().nullable(),
  outcome: auditOutcome,
  clientIp: z.string().nullable(),
  /** A few facts more (a reason, an old and a new role). */
  detail: z.record(z.string(), detailValue).nullable(),
});

export const auditQuery = z.object({
  /** Who: part of the actor's name or e-mail, or their exact id. */
  actor: z.string().trim().max(200).optional(),
  actorKind: auditActorKind.optional(),
  /** What: an action name, or a prefix ending in a dot (`staff.`). */
  action: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9_.]*$/, 'must be an action name such as staff.signin')
    .optional(),
  outcome: auditOutcome.optional(),
  /** When: from (inclusive) and to (exclusive), epoch milliseconds. */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  /** The nextCursor of the previous page. */
  cursor: z
    .string()
    .regex(/^\d+:\d+$/, 'must be the nextCursor of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditPage = z.object({ entries: z.array(auditEntry), nextCursor: z.string().nullable() });
export const auditActions = z.object({ actions: z.array(z.string()) });

export type AuditActorKind = z.infer<typeof auditActorKind>;
export type AuditOutcome = z.infer<typeof auditOutcome>;
export type AuditEntry = z.infer<typeof auditEntry>;
export type AuditQuery = z.input<typeof auditQuery>;
export type AuditPage = z.infer<typeof auditPage>;
