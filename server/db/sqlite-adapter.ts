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
 * Adapts node:sqlite (built into Node, no native addon) to the better-sqlite3 shaped
 * interface that Kysely's SqliteDialect expects.
 */
export function openSqlite(file: string): SqliteDatabase {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;');
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const statement = db.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...parameters.map(toSqlite)),
        run: (parameters) => statement.run(...parameters.map(toSqlite)),
        iterate: (parameters) => statement.iterate(...parameters.map(toSqlite)),
      };
    },
  };
}
