import type { Kysely, Selectable, Transaction } from 'kysely';
import type { SubscriptionChannel } from '../../contracts/subscriptions-rules.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { pendingDelivery } from '../outbox/outbox-repository.ts';
import type { SubscriptionStatus, SubscriptionTable, TokenPurpose } from './subscriptions-tables.ts';
import { webhookDestination } from './webhook-destination.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A subscriber, as the service sees it. */
export interface Subscription {
  id: number;
  channel: SubscriptionChannel;
  address: string;
  status: SubscriptionStatus;
  /** Empty: every monitor. */
  monitorIds: string[];
  pendingMonitorIds: string[] | null;
  createdAt: number;
  confirmedAt: number | null;
}

export const toSubscription = (r: Selectable<SubscriptionTable>): Subscription => ({
  id: Number(r.id),
  channel: r.channel,
  address: r.address,
  status: r.status,
  monitorIds: JSON.parse(r.monitor_ids) as string[],
  pendingMonitorIds: r.pending_monitor_ids === null ? null : (JSON.parse(r.pending_monitor_ids) as string[]),
  createdAt: Number(r.created_at),
  confirmedAt: r.confirmed_at === null ? null : Number(r.confirmed_at),
});

/** How an address is compared: e-mail addresses ignoring case; webhook URLs by the channel they reach. */
export function addressKey(channel: SubscriptionChannel, address: string): string {
  return channel === 'email' ? address.toLowerCase() : webhookDestination(address);
}

export interface SubscribeOutcome {
  subscription: Subscription;
  /** Confirmation requests queued for this address in the last day, before this one. */
  recentConfirmations: number;
}

/**
 * Records a subscribe request in one transaction: a new subscription is pending with the chosen
 * monitors; a pending one takes the new choice; a confirmed one keeps its choice until the new
 * one is confirmed. A confirmation request is queued unless the address had `maxPerDay` already.
 */
export async function recordSubscribeRequest(
  db: Kysely<Database>,
  input: { channel: SubscriptionChannel; address: string; monitorIds: string[] },
  options: { dialect: Dialect; now: number; expiresAt: number; maxPerDay: number },
): Promise<SubscribeOutcome> {
  const { now } = options;
  const key = addressKey(input.channel, input.address);
  const monitors = JSON.stringify([...input.monitorIds].sort());
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('subscription')
      .values({
        channel: input.channel,
        address: input.address,
        address_key: key,
        status: 'pending',
        monitor_ids: monitors,
        pending_monitor_ids: null,
        created_at: now,
        confirmed_at: null,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['channel', 'address_key']).doNothing())
      .execute();
    let query = trx.selectFrom('subscription').selectAll().where('channel', '=', input.channel).where('address_key', '=', key);
    // Requests for one address from many clients at once count against one daily allowance.
    if (options.dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirstOrThrow();
    const change = row.status === 'pending' ? { monitor_ids: monitors, address: input.address } : { pending_monitor_ids: monitors };
    await trx
      .updateTable('subscription')
      .set({ ...change, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    const recent = await trx
      .selectFrom('subscription_notification')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('subscription_id', '=', row.id)
      .where('kind', '=', 'confirm')
      .where('created_at', '>', now - 24 * 60 * 60 * 1000)
      .executeTakeFirstOrThrow();
    const recentConfirmations = Number(recent.n);
    if (recentConfirmations < options.maxPerDay) {
      await trx
        .insertInto('subscription_notification')
        .values({
          subscription_id: row.id,
          event_id: null,
          kind: 'confirm',
          channel: row.channel,
          ...pendingDelivery(now, options.expiresAt),
        })
        .execute();
    }
    const fresh = await trx.selectFrom('subscription').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    return { subscription: toSubscription(fresh), recentConfirmations };
  });
}

/**
 * Stores the hash of a token handed out in a message. The same token handed out again (tokens
 * are derived, link-tokens.ts) keeps its row: a confirm token its first expiry, an unsubscribe
 * token the later of the two (it lasts from the last message that carried it).
 */
export async function storeToken(
  db: Db,
  token: { hash: string; subscriptionId: number; purpose: TokenPurpose; expiresAt: number; now: number },
): Promise<void> {
  await db
    .insertInto('subscription_token')
    .values({ token_hash: token.hash, subscription_id: token.subscriptionId, purpose: token.purpose, expires_at: token.expiresAt, created_at: token.now })
    .onConflict((oc) =>
      token.purpose === 'unsubscribe'
        ? oc.column('token_hash').doUpdateSet({ expires_at: token.expiresAt }).where('subscription_token.expires_at', '<', token.expiresAt)
        : oc.column('token_hash').doNothing(),
    )
    .execute();
}

/**
 * Confirms the subscription a confirm token names (its new monitor choice applies, its confirm
 * tokens are spent). Undefined when the token is unknown, spent or past its time.
 */
export async function confirmByToken(db: Kysely<Database>, hash: string, now: number): Promise<Subscription | undefined> {
  return db.transaction().execute(async (trx) => {
    const token = await trx
      .selectFrom('subscription_token')
      .selectAll()
      .where('token_hash', '=', hash)
      .where('purpose', '=', 'confirm')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
    if (!token) return undefined;
    const row = await trx.selectFrom('subscription').selectAll().where('id', '=', token.subscription_id).executeTakeFirst();
    if (!row) return undefined;
    await trx
      .updateTable('subscription')
      .set({
        status: 'confirmed',
        monitor_ids: row.pending_monitor_ids ?? row.monitor_ids,
        pending_monitor_ids: null,
        // The first confirmation: a confirmed change of monitors does not skip events since then.
        confirmed_at: row.confirmed_at ?? now,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
    await trx.deleteFrom('subscription_token').where('subscription_id', '=', row.id).where('purpose', '=', 'confirm').execute();
    const fresh = await trx.selectFrom('subscription').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    return toSubscription(fresh);
  });
}

/**
 * Ends the subscription an unsubscribe token names: the row goes, and with it (foreign keys
 * cascade) its tokens and every notification not yet sent. True when there was one.
 */
export async function unsubscribeByToken(db: Kysely<Database>, hash: string, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const token = await trx
      .selectFrom('subscription_token')
      .select('subscription_id')
      .where('token_hash', '=', hash)
      .where('purpose', '=', 'unsubscribe')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
    if (!token) return false;
    const result = await trx.deleteFrom('subscription').where('id', '=', token.subscription_id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/** Every confirmed subscription (the fan-out's audience). */
export async function confirmedSubscriptions(db: Db): Promise<Subscription[]> {
  return (await db.selectFrom('subscription').selectAll().where('status', '=', 'confirmed').orderBy('id').execute()).map(toSubscription);
}

/** Deletes subscriptions never confirmed since `before`, and link tokens past their time (confirm and unsubscribe). */
export async function purgeUnconfirmed(db: Kysely<Database>, before: number, now: number): Promise<{ subscriptions: number; tokens: number }> {
  return db.transaction().execute(async (trx) => {
    const subscriptions = await trx.deleteFrom('subscription').where('status', '=', 'pending').where('updated_at', '<', before).executeTakeFirst();
    const tokens = await trx.deleteFrom('subscription_token').where('expires_at', 'is not', null).where('expires_at', '<', now).executeTakeFirst();
    return { subscriptions: Number(subscriptions.numDeletedRows), tokens: Number(tokens.numDeletedRows) };
  });
}

/** Subscriptions by state (metrics). */
export async function subscriptionCounts(db: Db): Promise<{ channel: SubscriptionChannel; status: SubscriptionStatus; count: number }[]> {
  const rows = await db
    .selectFrom('subscription')
    .select((eb) => ['channel', 'status', eb.fn.countAll<number | string>().as('n')])
    .groupBy(['channel', 'status'])
    .execute();
  return rows.map((r) => ({ channel: r.channel, status: r.status, count: Number(r.n) }));
}
