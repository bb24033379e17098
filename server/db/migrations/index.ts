import type { Migration } from 'kysely/migration';

/**
 * Every migration, in order. Names sort in the order they run; a capability adds its own
 * file here. Each has up and down.
 */
export const migrations: Record<string, Migration> = {};
