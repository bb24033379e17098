import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';

export interface TestDatabase {
  dialect: 'sqlite' | 'postgres';
  /** A DATABASE_URL for a new database (migrated, or empty: see createTestDatabase). */
  url: string;
  /** Drops the database (PostgreSQL) or deletes the file (SQLite). */
  drop(): Promise<void>;
}

/** The dialects every database test runs against, as Kysely's own test suite does. */
export const dialects = ['sqlite', 'postgres'] as const;

/** The server scripts/test-postgres.sh starts (scripts/test.sh sets TEST_DATABASE_URL to it). */
function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54329/postgres';
}

/** The migrations' folder: a template is made again when anything in it changes. */
const migrationsDir = path.resolve(import.meta.dirname, '../../server/db/migrations');

/** A name for the PostgreSQL template that holds this tree's migrations, from their contents. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsDir).sort()) hash.update(file).update(fs.readFileSync(path.join(migrationsDir, file)));
  return `hf_template_${hash.digest('hex').slice(0, 16)}`;
}

let template: Promise<string> | undefined;

/**
 * A PostgreSQL database with every migration of this tree applied, made once and then copied
 * (CREATE DATABASE … TEMPLATE): creating and migrating a new PostgreSQL database took about
 * 2.4 s on the loaded test machine, a copy about 0.6 s. Made under a name of its own and
 * renamed when complete, so a test file running beside this one never copies a half-migrated
 * template.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const name = templateName();
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `hf_building_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl());
      url.pathname = `/${building}`;
      const { db, dialect } = openDatabase(url.href);
      try {
        await migrateToLatest(db, dialect);
      } finally {
        await db.destroy();
      }
      for (;;) {
        try {
          await admin.query(`alter database ${building} rename to ${name}`);
          return name;
        } catch (error) {
          const code = (error as { code?: string }).code;
          // 55006: the server has not yet ended the migration's own connection; it will.
          if (code === '55006') continue;
          await admin.query(`drop database if exists ${building} with (force)`);
          // 42P04: another test file made it meanwhile, so use theirs.
          if (code === '42P04') return name;
          throw error;
        }
      }
    } finally {
      await admin.end();
    }
  })();
  return template;
}

let sqliteTemplate: Promise<string> | undefined;

/** A SQLite file with every migration applied, made once per test file and copied for each test. */
function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-db-template-')), 'template.db');
    const { db, dialect } = openDatabase(`sqlite:${file}`);
    try {
      await migrateToLatest(db, dialect);
    } finally {
      await db.destroy();
    }
    return file;
  })();
  return sqliteTemplate;
}

/**
 * A fresh database of the given dialect with every migration of this tree already applied (as
 * the app's start would apply them), copied from a template; with `migrated: false` an empty one,
 * for the tests of the migrations themselves and of the app's start migrating a new database.
 * Copying spares every other test the migrations' run: 1 to 2.3 s a PostgreSQL database on the
 * loaded machine, 0.5 to 1 s a copy (docs/decisions.md 154).
 */
export async function createTestDatabase(dialect: (typeof dialects)[number], options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  const name = `hf_${randomBytes(6).toString('hex')}`;
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-db-'));
    if (migrated) fs.copyFileSync(await migratedSqliteFile(), path.join(dir, `${name}.db`));
    return {
      dialect,
      url: `sqlite:${path.join(dir, `${name}.db`)}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = adminUrl();
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(migrated ? `create database ${name} template ${await migratedTemplate()}` : `create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    dialect,
    url: url.href,
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
