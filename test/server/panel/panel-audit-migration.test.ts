import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { openDatabase } from '../../../server/db/database.ts';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { migrationsFor } from '../../../server/db/migrations/index.ts';
import { createTestDatabase, dialects } from '../../helpers/databases.ts';
import { panelAuditOf } from '../../helpers/panel-audit.ts';
import { testConfig } from '../../helpers/test-config.ts';
import { dayMs } from '../../../contracts/time-units.ts';

/**
 * Migration 0008 moves the panel's own audit table into the one audit log: every old entry is
 * copied as the panel now writes it, panel_audit goes, and the audit log's retention
 * (AUDIT_RETENTION_DAYS) then keeps the copied entries as it keeps every other.
 */
describe.each(dialects)('the panel audit moved into the audit log (%s)', (dialect) => {
  it('copies every panel_audit row into audit_log, drops panel_audit, and the audit retention purges the old ones', async () => {
    const database = await createTestDatabase(dialect, { migrated: false });
    try {
      const { db } = openDatabase(database.url);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });
      const before = await migrator.migrateTo('0007-status-events');
      expect(before.error).toBeUndefined();
      const row = { server_id: 'test-mc', driver: 'local', client_ip: '203.0.113.9' };
      await db
        .insertInto('panel_audit' as never)
        .values([
          { ...row, at: Date.now() - 40 * dayMs, kind: 'power', action: 'start', outcome: 'ok' },
          { ...row, at: Date.now() - 20 * dayMs, kind: 'command', action: 'say hi', outcome: 'ok' },
          { ...row, at: Date.now() - 10 * dayMs, kind: 'command', action: 'list', outcome: 'server_offline' },
          { ...row, at: Date.now() - 5 * dayMs, kind: 'power', action: 'stop', outcome: 'rate_limited' },
        ] as never)
        .execute();
      expect(await migrateToLatest(db, dialect)).toContain('Up 0008-panel-audit-into-audit-log');
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      expect(tables).not.toContain('panel_audit');
      expect(tables).toContain('audit_log');
      await db.destroy();

      const app = await buildApp(testConfig(database.url, { AUDIT_RETENTION_DAYS: '30' }));
      await app.ready();
      await app.jobs.runNow('audit log retention');
      const entries = await panelAuditOf(app, 'test-mc');
      const actor = { kind: 'customer', id: 'test-mc', label: 'server test-mc', name: null };
      expect(entries.map(({ actor, action, target, outcome, clientIp, detail }) => ({ actor, action, target, outcome, clientIp, detail }))).toEqual([
        { actor, action: 'panel.command', target: 'test-mc', outcome: 'ok', clientIp: '203.0.113.9', detail: { driver: 'local', command: 'say hi' } },
        {
          actor,
          action: 'panel.command',
          target: 'test-mc',
          outcome: 'failed',
          clientIp: '203.0.113.9',
          detail: { driver: 'local', command: 'list', error: 'server_offline' },
        },
        {
          actor,
          action: 'panel.power',
          target: 'test-mc',
          outcome: 'refused',
          clientIp: '203.0.113.9',
          detail: { driver: 'local', signal: 'stop', error: 'rate_limited' },
        },
      ]);
      await app.close();

      // Down brings back an empty panel_audit; the entries stay in the audit log.
      const again = openDatabase(database.url);
      const down = await new Migrator({ db: again.db, provider: { getMigrations: async () => migrationsFor(dialect) } }).migrateTo('0007-status-events');
      expect(down.error).toBeUndefined();
      expect(
        await again.db
          .selectFrom('panel_audit' as never)
          .selectAll()
          .execute(),
      ).toEqual([]);
      expect((await again.db.selectFrom('audit_log').selectAll().execute()).length).toBe(3);
      await again.db.destroy();
    } finally {
      await database.drop();
    }
  });
});
