import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { openDatabase } from '../../../server/db/database.ts';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { auditOfServer, insertAudit } from '../../../server/panel/panel-repository.ts';
import { createTestDatabase, dialects } from '../../helpers/databases.ts';
import { testConfig } from '../../helpers/test-config.ts';

const dayMs = 86_400_000;

describe.each(dialects)('panel audit retention (%s)', (dialect) => {
  it('deletes audit entries older than AUDIT_RETENTION_DAYS once the server runs, and keeps newer ones', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const { db, dialect: d } = openDatabase(database.url);
      await migrateToLatest(db, d);
      const entry = { serverId: 'test-mc', driver: 'local', kind: 'power' as const, outcome: 'ok', clientIp: '203.0.113.9' };
      await insertAudit(db, { ...entry, at: Date.now() - 40 * dayMs, action: 'start' });
      await insertAudit(db, { ...entry, at: Date.now() - 20 * dayMs, action: 'stop' });
      await db.destroy();

      const app = await buildApp(testConfig(database.url, { AUDIT_RETENTION_DAYS: '30' }));
      await app.ready();
      const until = Date.now() + 5000;
      let left = await auditOfServer(app.db, 'test-mc');
      while (left.length > 1 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        left = await auditOfServer(app.db, 'test-mc');
      }
      await app.close();
      expect(left.map((e) => e.action)).toEqual(['stop']);
    } finally {
      await database.drop();
    }
  });
});
