import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type pg from 'pg';
import { requirePg } from '../lib/lazy-imports.ts';
import { ensureOwnerOnlyDir, tightenFile } from '../lib/owner-only.ts';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite-adapter.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL pool, for LISTEN/NOTIFY and advisory locks; undefined on SQLite. */
  pool: pg.Pool | undefined;
}

export function dialectOf(url: string): Dialect {
  return url.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

/**
 * The SQLite file is created owner-only (0600) in a folder made owner-only (0700) before
 * SQLite opens it: SQLite gives the -wal and -shm files the database file's permissions. A file
 * of an older version that others could read is made owner-only.
 */
function createOwnerOnly(file: string): void {
  ensureOwnerOnlyDir(path.dirname(file));
  fs.closeSync(fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_RDWR, 0o600));
  for (const suffix of ['', '-wal', '-shm']) tightenFile(`${file}${suffix}`);
}

/** Opens the database named by a DATABASE_URL. */
export function openDatabase(url: string): DatabaseHandle {
  if (dialectOf(url) === 'sqlite') {
    const file = path.resolve(url.slice('sqlite:'.length));
    createOwnerOnly(file);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(file) }) });
    return { db, dialect: 'sqlite', pool: undefined };
  }
  const pg = requirePg();
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', pool };
}
