import type { Kysely } from 'kysely';
import { Migrator, type MigrationResultSet } from 'kysely/migration';
import type { Dialect } from './database.ts';
import { migrationsFor } from './migrations/index.ts';

function migrator(db: Kysely<any>, dialect: Dialect): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });
}

function unwrap(result: MigrationResultSet): string[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? ''} failed: ${(result.error as Error).message ?? String(result.error)}`);
  }
  return (result.results ?? []).map((r) => `${r.direction} ${r.migrationName}`);
}

/** Brings the schema up to date; throws when a migration fails. Returns what ran. */
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  return unwrap(await migrator(db, dialect).migrateToLatest());
}

/** Undoes the newest migration. */
export async function migrateDown(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  return unwrap(await migrator(db, dialect).migrateDown());
}

/** Brings the schema to just after the named migration, up or down (tests of one migration). */
export async function migrateTo(db: Kysely<any>, dialect: Dialect, name: string): Promise<string[]> {
  return unwrap(await migrator(db, dialect).migrateTo(name));
}
