import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite-adapter.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL pool, for LISTEN/NOTIFY and advisory locks; undefined on SQLite. */
  pool: pg.Pool | undefined;
}

// Epoch-millisecond columns are bigint in PostgreSQL; read them back as numbers, as SQLite does.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function dialectOf(url: string): Dialect {
  return url.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

/** Opens the database named by a DATABASE_URL. */
export function openDatabase(url: string): DatabaseHandle {
  if (dialectOf(url) === 'sqlite') {
    const file = path.resolve(url.slice('sqlite:'.length));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(file) }) });
    return { db, dialect: 'sqlite', pool: undefined };
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', pool };
}
