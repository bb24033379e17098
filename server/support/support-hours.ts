import type { Kysely } from 'kysely';
import { defaultSupportHours, hoursAnswer, hoursInWords, type SupportHours, type SupportHoursAnswer, supportHours } from '../../contracts/support-hours.ts';
import type { Acting, AuditLog } from '../audit/audit-service.ts';
import type { Database } from '../db/schema.ts';
import { supportAuditActions } from './support-audit-actions.ts';
import { readHours, writeHours } from './support-hours-repository.ts';

/**
 * The team's support hours (docs/decisions.md 92): read by every page that speaks of
 * availability (GET /api/support/hours), set in the staff console. A stored value that no
 * longer reads as hours (never written so) falls back to the default rather than failing pages.
 */
export class SupportHoursStore {
  readonly #db: Kysely<Database>;
  readonly #audit: AuditLog;
  readonly #now: () => number;

  constructor(deps: { db: Kysely<Database>; audit: AuditLog; now: () => number }) {
    this.#db = deps.db;
    this.#audit = deps.audit;
    this.#now = deps.now;
  }

  async hours(): Promise<SupportHours> {
    const stored = await readHours(this.#db);
    if (stored === undefined) return defaultSupportHours;
    const parsed = supportHours.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : defaultSupportHours;
  }

  async answer(): Promise<SupportHoursAnswer> {
    return hoursAnswer(await this.hours(), this.#now());
  }

  async set(hours: SupportHours, acting: Acting): Promise<SupportHoursAnswer> {
    const now = this.#now();
    const json = JSON.stringify(hours);
    await this.#db.transaction().execute(async (trx) => {
      await writeHours(trx, json, now, acting.actor.label ?? null);
      await this.#audit.record({ ...acting, action: supportAuditActions.hours, target: 'support hours', detail: { hours: hoursInWords(hours) } }, { db: trx });
    });
    return hoursAnswer(hours, now);
  }
}
