import { SqliteAdapter, type ColumnDataType, type Kysely } from 'kysely';

/** Which dialect a Kysely instance speaks, read from its adapter. */
export function isPostgres(db: Kysely<any>): boolean {
  return !(db.getExecutor().adapter instanceof SqliteAdapter);
}

/** Column types that differ between the dialects, for migrations. */
export function columnTypes(db: Kysely<any>): {
  /** An auto-incrementing integer primary key: use with `.primaryKey()` (SQLite's rowid alias). */
  serial: ColumnDataType;
  /** Epoch milliseconds and other 64-bit integers. */
  bigint: ColumnDataType;
} {
  const postgres = isPostgres(db);
  return { serial: postgres ? 'bigserial' : 'integer', bigint: postgres ? 'bigint' : 'integer' };
}
