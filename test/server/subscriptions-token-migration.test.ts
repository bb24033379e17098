import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrationsFor } from '../../server/db/migrations/index.ts';
import { createTestDatabase, dialects } from '../helpers/databases.ts';
import { dayMs } from '../../contracts/time-units.ts';

/**
 * Migration 0015: unsubscribe tokens handed out before links were derived (one per delivery
 * attempt, with no expiry) get the expiry new ones have, a year after they were handed out, so
 * retention removes them; confirm tokens keep theirs.
 */
describe.each(dialects)('old unsubscribe tokens get an expiry (%s)', (dialect) => {
  it('dates every unsubscribe token without one a year after it was made', async () => {
    const database = await createTestDatabase(dialect, { migrated: false });
    const { db } = openDatabase(database.url);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });
      expect((await migrator.migrateTo('0014-staff-failures-by-account')).error).toBeUndefined();
      const made = Date.now() - 400 * dayMs;
      const [subscription] = await db
        .insertInto('subscription')
        .values({
          channel: 'email',
          address: 'old@example.com',
          address_key: 'old@example.com',
          status: 'confirmed',
          monitor_ids: '[]',
          pending_monitor_ids: null,
          created_at: made,
          confirmed_at: made,
          updated_at: made,
        })
        .returning('id')
        .execute();
      const token = (hash: string, purpose: 'confirm' | 'unsubscribe', at: number, expiresAt: number | null) => ({
        token_hash: hash.repeat(64),
        subscription_id: subscription!.id,
        purpose,
        expires_at: expiresAt,
        created_at: at,
      });
      await db
        .insertInto('subscription_token')
        .values([token('a', 'unsubscribe', made, null), token('b', 'unsubscribe', made + 100 * dayMs, null), token('c', 'confirm', made, made + 7 * dayMs)])
        .execute();
      expect(await migrateToLatest(db, dialect)).toContain('Up 0015-subscription-token-expiry');
      const rows = await db.selectFrom('subscription_token').select(['purpose', 'expires_at']).orderBy('token_hash').execute();
      expect(rows.map((r) => ({ purpose: r.purpose, expires_at: Number(r.expires_at) }))).toEqual([
        { purpose: 'unsubscribe', expires_at: made + 365 * dayMs },
        { purpose: 'unsubscribe', expires_at: made + 465 * dayMs },
        { purpose: 'confirm', expires_at: made + 7 * dayMs },
      ]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
