import { sql, type Selectable } from 'kysely';
import type { AuditActorKind, AuditEntry, AuditOutcome } from '../../contracts/audit.ts';
import type { Db } from '../db/schema.ts';
import type { AuditLogTable } from './audit-tables.ts';

export type AuditDetail = Record<string, string | number | boolean | null>;

/** An entry as written: everything but its id. */
export interface NewAuditEntry {
  at: number;
  actor: { kind: AuditActorKind; id: string | null; label: string | null };
  action: string;
  target: string | null;
  outcome: AuditOutcome;
  clientIp: string | null;
  detail: AuditDetail | null;
}

export interface AuditFilter {
  actor?: string;
  actorKind?: AuditActorKind;
  /** An action name, or a prefix ending in a dot. */
  action?: string;
  outcome?: AuditOutcome;
  from?: number;
  to?: number;
  /** Rows strictly older than this (at, id), the last row of the previous page. */
  before?: { at: number; id: number };
  limit: number;
}

function toEntry(row: Selectable<AuditLogTable> & { actor_name: string | null }): AuditEntry {
  return {
    id: String(row.id),
    at: Number(row.at),
    actor: { kind: row.actor_kind as AuditActorKind, id: row.actor_id, label: row.actor_label, name: row.actor_name },
    action: row.action,
    target: row.target,
    outcome: row.outcome as AuditOutcome,
    clientIp: row.client_ip,
    detail: row.detail === null ? null : (JSON.parse(row.detail) as AuditDetail),
  };
}

export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at,
      actor_kind: entry.actor.kind,
      actor_id: entry.actor.id,
      actor_label: entry.actor.label,
      action: entry.action,
      target: entry.target,
      outcome: entry.outcome,
      client_ip: entry.clientIp,
      detail: entry.detail === null ? null : JSON.stringify(entry.detail),
    })
    .execute();
}

/** `%` and `_` typed by a person match themselves, not any text. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Entries newest first, one page (one more row is read to know whether another page follows). */
export async function listAuditEntries(db: Db, filter: AuditFilter): Promise<{ entries: AuditEntry[]; more: boolean }> {
  // A staff actor's display name as it is now (the row keeps the e-mail they acted with).
  let query = db
    .selectFrom('audit_log')
    .leftJoin('staff_accounts', (join) => join.onRef('staff_accounts.id', '=', 'audit_log.actor_id').on('audit_log.actor_kind', '=', 'staff'))
    .selectAll('audit_log')
    .select('staff_accounts.display_name as actor_name');
  if (filter.actorKind) query = query.where('actor_kind', '=', filter.actorKind);
  if (filter.actor) {
    const pattern = likePattern(filter.actor);
    const exact = filter.actor;
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) => eb.or([eb('actor_id', '=', exact), like('audit_log.actor_label'), like('staff_accounts.display_name')]));
  }
  if (filter.action) {
    query = filter.action.endsWith('.')
      ? query.where('action', 'like', sql<string>`${`${filter.action.replace(/_/g, '\\_')}%`} escape '\\'`)
      : query.where('action', '=', filter.action);
  }
  if (filter.outcome) query = query.where('outcome', '=', filter.outcome);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  const before = filter.before;
  if (before)
    query = query.where((eb) => eb.or([eb('audit_log.at', '<', before.at), eb.and([eb('audit_log.at', '=', before.at), eb('audit_log.id', '<', before.id)])]));
  const rows = await query
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  return { entries: rows.slice(0, filter.limit).map(toEntry), more: rows.length > filter.limit };
}

/** Every action name in the log, for the console's filter. */
export async function auditActionNames(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();
  return rows.map((r) => r.action);
}

/** Deletes entries older than `before`; returns how many. */
export async function purgeAuditEntries(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
