import type { Kysely, Transaction } from 'kysely';
import type { AuditActorKind, AuditOutcome, AuditPage, AuditQuery } from '../../contracts/audit.ts';
import type { Database } from '../db/schema.ts';
import { auditActionNames, insertAuditEntry, listAuditEntries, purgeAuditEntries, type AuditDetail } from './audit-repository.ts';

/** What a capability says happened; the audit log adds the time. */
export interface AuditRecord {
  actor: { kind: AuditActorKind; id?: string | null; label?: string | null };
  action: string;
  target?: string | null;
  /** ok unless said otherwise. */
  outcome?: AuditOutcome;
  clientIp?: string | null;
  detail?: AuditDetail;
}

/**
 * Who acts, as the audit log records them: a staff member (the staff guard sets it on the
 * request, `request.acting`) or the shell of an operator's command.
 */
export interface Acting {
  actor: AuditRecord['actor'];
  clientIp: string | null;
  /** The staff id of the person acting (absent for the shell). */
  staffId?: string;
}

const maxDetailKeys = 16;
const maxText = 300;

function clip(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  return text.length <= maxText ? text : `${text.slice(0, maxText - 1)}…`;
}

/** The detail kept small: a few keys, short strings (it is a log, not a store of payloads). */
function smallDetail(detail: AuditDetail | undefined): AuditDetail | null {
  if (!detail) return null;
  const entries = Object.entries(detail).slice(0, maxDetailKeys);
  if (entries.length === 0) return null;
  return Object.fromEntries(entries.map(([key, value]) => [key.slice(0, 40), typeof value === 'string' ? clip(value) : value]));
}

/**
 * The one audit log of every capability. `record` writes an entry, inside the caller's
 * transaction when it passes one, so the entry and the act it describes commit together.
 */
export class AuditLog {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;

  constructor(db: Kysely<Database>, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  async record(entry: AuditRecord, options: { db?: Transaction<Database> } = {}): Promise<void> {
    await insertAuditEntry(options.db ?? this.db, {
      at: this.now(),
      actor: { kind: entry.actor.kind, id: clip(entry.actor.id), label: clip(entry.actor.label) },
      action: entry.action,
      target: clip(entry.target),
      outcome: entry.outcome ?? 'ok',
      clientIp: entry.clientIp ?? null,
      detail: smallDetail(entry.detail),
    });
  }

  async list(query: Omit<AuditQuery, 'limit'> & { limit: number }): Promise<AuditPage> {
    const before = query.cursor ? parseCursor(query.cursor) : undefined;
    const { entries, more } = await listAuditEntries(this.db, {
      actor: query.actor || undefined,
      actorKind: query.actorKind,
      action: query.action || undefined,
      outcome: query.outcome,
      from: query.from === undefined ? undefined : Number(query.from),
      to: query.to === undefined ? undefined : Number(query.to),
      before,
      limit: query.limit,
    });
    const last = entries.at(-1);
    return { entries, nextCursor: more && last ? `${last.at}:${last.id}` : null };
  }

  actions(): Promise<string[]> {
    return auditActionNames(this.db);
  }

  /** Deletes entries older than `cutoff` (the retention job). */
  async purge(cutoff: number): Promise<{ auditEntries: number }> {
    return { auditEntries: await purgeAuditEntries(this.db, cutoff) };
  }
}

function parseCursor(cursor: string): { at: number; id: number } {
  const [at, id] = cursor.split(':').map(Number);
  return { at: at!, id: id! };
}
