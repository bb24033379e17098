import type { Kysely } from 'kysely';

/** The status capability's tables. */
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
