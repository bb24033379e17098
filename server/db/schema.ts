/**
 * The whole database, as Kysely sees it: each capability declares its own tables in its
 * folder and they are joined here. Times are epoch milliseconds (numbers) on both dialects.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}
