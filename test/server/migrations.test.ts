import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { migrateDown, migrateToLatest } from '../../server/db/migrate.ts';
import { migrationNames } from '../../server/db/migrations/index.ts';
import type { Database } from '../../server/db/schema.ts';
import { createTestDatabase, dialects } from '../helpers/databases.ts';

const root = path.resolve(import.meta.dirname, '../..');

async function tableNames(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .map((t) => t.name)
    .filter((n) => !n.startsWith('kysely_'))
    .sort();
}

describe.each(dialects)('migrations on %s', (dialect) => {
  it('run up to the latest, down to nothing, and up again', async () => {
    const database = await createTestDatabase(dialect, { migrated: false });
    const { db } = openDatabase(database.url);
    try {
      const ran = await migrateToLatest(db, dialect);
      expect(ran).toEqual(migrationNames.map((name) => `Up ${name}`));
      const tables = await tableNames(db);
      expect(await migrateToLatest(db, dialect)).toEqual([]);
      for (let i = 0; i < migrationNames.length; i += 1) await migrateDown(db, dialect);
      expect(await tableNames(db)).toEqual([]);
      await migrateToLatest(db, dialect);
      expect(await tableNames(db)).toEqual(tables);
      await sql`select 1`.execute(db);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

describe('the migration command', () => {
  it('exits non-zero with a clear message when the database cannot be migrated', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'server/db/migrate-cli.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', SESSION_SECRET: 'x'.repeat(40) },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/ECONNREFUSED|connect/i);
  });

  it('exits non-zero on an invalid configuration', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'server/db/migrate-cli.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH, DATABASE_URL: 'mysql://x' },
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('DATABASE_URL');
  });
});
