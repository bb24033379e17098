import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** node:sqlite binds numbers, bigints, strings, null and bytes; booleans and dates are converted. */
function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

/**
 * Kysely opens a transaction with a plain (deferred) `begin`. In WAL mode such a transaction
 * reads from a snapshot, and when it then writes after another process (the running server
 * recording a probe result while `npm run monitors -- import` reads, then writes) has committed,
 * SQLite fails at once with SQLITE_BUSY_SNAPSHOT ("database is locked"): the busy timeout cannot
 * help, the snapshot is stale. `begin immediate` takes the write lock first, so the other
 * process waits (up to the busy timeout) instead.
 */
function immediate(sql: string): string {
  return /^\s*begin\s*;?\s*$/i.test(sql) ? 'begin immediate' : sql;
}

/**
 * Adapts node:sqlite (built into Node, no native addon) to the better-sqlite3 shaped
 * interface that Kysely's SqliteDialect expects.
 */
export function openSqlite(file: string): SqliteDatabase {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;');
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const statement = db.prepare(immediate(sql));
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...parameters.map(toSqlite)),
        run: (parameters) => statement.run(...parameters.map(toSqlite)),
        iterate: (parameters) => statement.iterate(...parameters.map(toSqlite)),
      };
    },
  };
}
