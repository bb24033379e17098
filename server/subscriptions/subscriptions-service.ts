import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { incident as incidentSchema, maintenance as maintenanceSchema, type StatusEventKind } from '../../contracts/incidents.ts';
import type { ConfirmAnswer, SubscriptionOptions } from '../../contracts/subscriptions.ts';
import { confirmationsPerTargetPerDay, subscriptionPages, type SubscriptionChannel, type SubscriptionInput } from '../../contracts/subscriptions-rules.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { isNoticeEvent, type StatusEvent } from '../status-events/status-event-map.ts';
import { hashLinkToken, LinkTokens } from './link-tokens.ts';
import { composeConfirmMessage, composeEventMessage, type ComposedMessage } from './notification-content.ts';
import { fanOutEvents, type ClaimedNotification } from './notifications-repository.ts';
import { confirmByToken, recordSubscribeRequest, storeToken, unsubscribeByToken, type Subscription } from './subscriptions-repository.ts';
import { judgeWebhook, WebhookRefused, type WebhookPolicy } from './webhook-target.ts';

/** The monitors, as the status capability's one catalogue holds them (server/status/monitor-catalog.ts). */
export interface MonitorList {
  readonly all: readonly { id: string; name: string }[];
}

/** A written message, with the links and ids its channel puts in headers. */
export interface WrittenMessage extends ComposedMessage {
  /** RFC 8058 one-click URL (List-Unsubscribe). */
  oneClickUrl: string;
  /** Stable across retries of one notification: a Message-ID, and an Idempotency-Key for webhooks. */
  notificationKey: string;
}

/** How long a confirmation link works, and how long an unconfirmed request is kept. */
export const confirmWindowMs = 7 * 24 * 60 * 60 * 1000;

/** How long an unsubscribe link works after the last message that carried it. */
export const unsubscribeLinkMs = 365 * 24 * 60 * 60 * 1000;

/** Events announced as they come; the two kinds of update only when they change something subscribers act on. */
const alwaysAnnounced: ReadonlySet<StatusEventKind> = new Set([
  'incident.created',
  'incident.resolved',
  'maintenance.scheduled',
  'maintenance.started',
  'maintenance.completed',
  'maintenance.cancelled',
]);

function monitorIdsOf(payload: unknown): string[] {
  const ids = (payload as { monitorIds?: unknown } | null)?.monitorIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Whether an event is worth a message: creation, resolution and every maintenance step are;
 * an incident update only when it adds an entry to the timeline (a corrected typo is not
 * news); a maintenance update only when its window moved (extended or rescheduled).
 */
export function isAnnounced(event: StatusEvent, previous: StatusEvent | undefined): boolean {
  if (!isNoticeEvent(event)) return false;
  if (alwaysAnnounced.has(event.kind)) return true;
  if (event.kind === 'incident.updated') {
    const now = incidentSchema.safeParse(event.payload);
    const before = previous ? incidentSchema.safeParse(previous.payload) : undefined;
    if (!now.success || !before?.success) return true;
    return now.data.updates.length > before.data.updates.length;
  }
  if (event.kind === 'maintenance.updated') {
    const now = maintenanceSchema.safeParse(event.payload);
    const before = previous ? maintenanceSchema.safeParse(previous.payload) : undefined;
    if (!now.success || !before?.success) return true;
    return now.data.startsAt !== before.data.startsAt || now.data.endsAt !== before.data.endsAt;
  }
  return false;
}

/**
 * Who hears of an event: confirmed before it happened, and subscribed to every monitor or to
 * one the event affects (an event naming no monitor concerns everyone).
 */
export function audienceOf(event: StatusEvent, previous: StatusEvent | undefined, subscriptions: readonly Subscription[]): Subscription[] {
  if (!isAnnounced(event, previous)) return [];
  const affected = new Set(monitorIdsOf(event.payload));
  return subscriptions.filter(
    (s) =>
      s.confirmedAt !== null && s.confirmedAt <= event.at && (s.monitorIds.length === 0 || affected.size === 0 || s.monitorIds.some((id) => affected.has(id))),
  );
}

export interface SubscriptionsServiceDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  monitors: MonitorList;
  log: FastifyBaseLogger;
  publicUrl: string;
  siteName: string;
  /** Channels this site delivers to (e-mail only with SMTP_URL). */
  channels: readonly SubscriptionChannel[];
  webhookPolicy: WebhookPolicy;
  /** Notifications are retried for this long (the outbox's window). */
  maxAgeMs: number;
  /** Called when rows were queued, so the outbox looks now. */
  onQueued: () => void;
  /** The server's secret (SESSION_SECRET), from which link tokens are derived. */
  secret: string;
  now?: () => number;
}

/** Subscribe, confirm, unsubscribe, the fan-out of status events, and the writing of each message. */
export class SubscriptionsService {
  readonly #deps: SubscriptionsServiceDeps;
  readonly #now: () => number;
  readonly #tokens: LinkTokens;

  constructor(deps: SubscriptionsServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
    this.#tokens = new LinkTokens(deps.secret);
  }

  get channels(): readonly SubscriptionChannel[] {
    return this.#deps.channels;
  }

  /** Monitor names by id, from the monitor catalogue. */
  async monitorNames(): Promise<Map<string, string>> {
    return new Map(this.#deps.monitors.all.map((m) => [m.id, m.name]));
  }

  async options(): Promise<SubscriptionOptions> {
    const names = await this.monitorNames();
    return { channels: [...this.#deps.channels], monitors: [...names].map(([id, name]) => ({ id, name })) };
  }

  /**
   * Records a subscribe request and queues its confirmation. The answer is the same whether the
   * address was new, pending or confirmed, and whether its daily confirmations were used up.
   */
  async subscribe(input: SubscriptionInput): Promise<{ message: string }> {
    if (!this.#deps.channels.includes(input.channel)) {
      const message = 'E-mail notifications are not available on this site: use a webhook.';
      throw new HttpError(400, 'channel_unavailable', message, { fields: { channel: message } });
    }
    const names = await this.monitorNames();
    const unknown = input.monitorIds.filter((id) => !names.has(id));
    if (unknown.length) {
      const message = `Unknown monitor${unknown.length === 1 ? '' : 's'}: ${unknown.slice(0, 5).join(', ')}. Choose from the list.`;
      throw new HttpError(400, 'unknown_monitor', message, { fields: { monitorIds: message } });
    }
    if (input.channel === 'webhook') {
      try {
        await judgeWebhook(input.address, this.#deps.webhookPolicy);
      } catch (error) {
        if (error instanceof WebhookRefused) throw new HttpError(400, 'webhook_not_allowed', error.field, { fields: { address: error.field } });
        throw error;
      }
    }
    const now = this.#now();
    const outcome = await recordSubscribeRequest(this.#deps.db, input, {
      dialect: this.#deps.dialect,
      now,
      expiresAt: now + this.#deps.maxAgeMs,
      maxPerDay: confirmationsPerTargetPerDay,
    });
    if (outcome.recentConfirmations < confirmationsPerTargetPerDay) this.#deps.onQueued();
    else this.#deps.log.info({ subscriptionId: outcome.subscription.id }, 'subscriptions: daily confirmations for this address used up; none queued');
    return {
      message:
        input.channel === 'email'
          ? 'Almost done: we sent a confirmation link to that address. Nothing else is sent until it is confirmed.'
          : 'Almost done: we posted a confirmation link to that webhook. Nothing else is sent until it is confirmed.',
    };
  }

  async confirm(token: string): Promise<ConfirmAnswer> {
    const subscription = await confirmByToken(this.#deps.db, hashLinkToken(token), this.#now());
    if (!subscription) {
      throw new HttpError(404, 'link_expired', 'This confirmation link has expired or was already used. Subscribe again on the status page to get a new one.');
    }
    const names = await this.monitorNames().catch(() => new Map<string, string>());
    return {
      channel: subscription.channel,
      allMonitors: subscription.monitorIds.length === 0,
      monitors: subscription.monitorIds.map((id) => ({ id, name: names.get(id) ?? id })),
    };
  }

  /** Ends the subscription a link names. A link that names none any more has nothing left to end: the same answer. */
  async unsubscribe(token: string): Promise<void> {
    const ended = await unsubscribeByToken(this.#deps.db, hashLinkToken(token), this.#now());
    if (ended) this.#deps.log.info('subscriptions: a subscription ended by its unsubscribe link');
  }

  /** One turn of the fan-out: the next events of the log become notification rows, exactly once. */
  async fanOut(limit = 100): Promise<{ events: number; created: number }> {
    let total = { events: 0, created: 0 };
    for (;;) {
      const now = this.#now();
      const turn = await fanOutEvents(this.#deps.db, this.#deps.dialect, { limit, now, expiresAt: now + this.#deps.maxAgeMs, audience: audienceOf });
      total = { events: total.events + turn.events, created: total.created + turn.created };
      if (turn.events < limit) break;
    }
    if (total.created > 0) this.#deps.onQueued();
    return total;
  }

  /**
   * Writes one notification for its channel, with its link tokens (their hashes stored before
   * the message leaves): the subscriber's one unsubscribe token, and for a confirmation request
   * its own confirm token, the same at every attempt. Throws UnreadableEvent for an event that
   * breaks the contract.
   */
  async write(job: ClaimedNotification): Promise<WrittenMessage> {
    const { subscription, delivery } = job;
    const now = this.#now();
    const unsubscribeToken = this.#tokens.unsubscribe(subscription);
    await this.#store(unsubscribeToken, subscription.id, 'unsubscribe', now + unsubscribeLinkMs, now);
    const base = this.#deps.publicUrl;
    const unsubscribePageUrl = `${base}${subscriptionPages.unsubscribe}#token=${unsubscribeToken}`;
    const oneClickUrl = `${base}/api/status/subscriptions/one-click?token=${unsubscribeToken}`;
    const context = {
      siteName: this.#deps.siteName,
      boardUrl: `${base}/network-status`,
      unsubscribePageUrl,
      monitorNames: await this.monitorNames().catch(() => new Map<string, string>()),
      subscribedMonitorIds: delivery.kind === 'confirm' ? (subscription.pendingMonitorIds ?? subscription.monitorIds) : subscription.monitorIds,
    };
    const notificationKey = `notification-${delivery.id}`;
    if (delivery.kind === 'confirm') {
      const confirmToken = this.#tokens.confirm(delivery);
      await this.#store(confirmToken, subscription.id, 'confirm', delivery.createdAt + confirmWindowMs, now);
      const confirmPageUrl = `${base}${subscriptionPages.confirm}#token=${confirmToken}`;
      return { ...composeConfirmMessage({ ...context, confirmPageUrl, channel: subscription.channel }), oneClickUrl, notificationKey };
    }
    if (!job.event || !isNoticeEvent(job.event)) throw new EventGone();
    return { ...composeEventMessage(job.event.kind, job.event.payload, context), oneClickUrl, notificationKey };
  }

  async #store(token: string, subscriptionId: number, purpose: 'confirm' | 'unsubscribe', expiresAt: number, now: number): Promise<void> {
    await storeToken(this.#deps.db, { hash: hashLinkToken(token), subscriptionId, purpose, expiresAt, now });
  }
}

/** The event a notification announces is no longer stored (purged): nothing to say. */
export class EventGone extends Error {
  constructor() {
    super('the event is no longer stored');
  }
}
