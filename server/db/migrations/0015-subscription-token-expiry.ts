import type { Kysely } from 'kysely';

/** Unsubscribe links last a year after the last message that carried them (docs/decisions.md 32). */
const unsubscribeLinkMs = 365 * 24 * 60 * 60 * 1000;

/**
 * Unsubscribe tokens handed out before they were derived (one per delivery attempt, kept
 * forever) get the expiry new ones have: a year after the message that carried them, after
 * which retention deletes them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('subscription_token')
    .set((eb) => ({ expires_at: eb('created_at', '+', unsubscribeLinkMs) }))
    .where('purpose', '=', 'unsubscribe')
    .where('expires_at', 'is', null)
    .execute();
}

/** Nothing to undo: an expiry is what the older code ignores on unsubscribe tokens. */
export async function down(): Promise<void> {}
