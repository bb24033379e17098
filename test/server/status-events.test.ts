import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/schema.ts';
import { lastStatusEventId, recordStatusEvent, statusEventsAfter } from '../../server/status-events/status-events-repository.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';

describe.each(dialects)('the status event log (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    const handle = openDatabase(database.url);
    db = handle.db;
    await migrateToLatest(db, handle.dialect);
  });
  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it('keeps events in order, with their payload, and only those whose transaction committed', async () => {
    expect(await lastStatusEventId(db)).toBe(0);
    const first = await recordStatusEvent(db, { at: 1000, kind: 'incident.created', subjectId: 'inc-1', payload: { title: 'Down' } });
    await expect(
      db.transaction().execute(async (trx) => {
        await recordStatusEvent(trx, { at: 2000, kind: 'incident.updated', subjectId: 'inc-1', payload: {} });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const second = await recordStatusEvent(db, { at: 3000, kind: 'incident.resolved', subjectId: 'inc-1', payload: { title: 'Down', resolved: true } });
    expect(second).toBeGreaterThan(first);
    expect(await statusEventsAfter(db, 0, 10)).toEqual([
      { id: first, at: 1000, kind: 'incident.created', subjectId: 'inc-1', payload: { title: 'Down' } },
      { id: second, at: 3000, kind: 'incident.resolved', subjectId: 'inc-1', payload: { title: 'Down', resolved: true } },
    ]);
    expect(await statusEventsAfter(db, first, 10)).toHaveLength(1);
    expect(await lastStatusEventId(db)).toBe(second);
  });
});
