import type { ColumnDataType, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/** A migration module: up and down, told which dialect they run on. */
export interface DialectMigration {
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
  down(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/** Column types that differ between the dialects. */
export function columnTypes(dialect: Dialect): {
  /** An auto-incrementing integer primary key: use with `.primaryKey()` (SQLite's rowid alias). */
  serial: ColumnDataType;
  /** Epoch milliseconds and other 64-bit integers. */
  bigint: ColumnDataType;
} {
  const postgres = dialect === 'postgres';
  return { serial: postgres ? 'bigserial' : 'integer', bigint: postgres ? 'bigint' : 'integer' };
}
