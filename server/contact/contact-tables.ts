/** The contact capability's tables, as Kysely sees them (times in epoch milliseconds). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ContactTables {}
