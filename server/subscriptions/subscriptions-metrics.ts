import type { Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { SubscriptionChannel } from '../../contracts/subscriptions-rules.ts';
import type { Database } from '../db/schema.ts';
import { countAttemptFailures } from '../outbox/attempt-failures-metric.ts';
import type { AttemptOutcome } from '../outbox/outbox-tables.ts';
import { notificationBacklog } from './notifications-repository.ts';
import { subscriptionCounts } from './subscriptions-repository.ts';

/**
 * Status subscriptions' metrics: subscribers by channel and state, notifications waiting per
 * channel (read from the database when scraped, so every instance reports the shared queue),
 * and failed attempts. Returns the hook the outbox calls after each attempt.
 */
export function registerSubscriptionMetrics(
  registry: Registry,
  db: Kysely<Database>,
  channels: readonly SubscriptionChannel[],
): (channel: string, outcome: AttemptOutcome) => void {
  new Gauge({
    name: 'hostfront_status_subscriptions',
    help: 'Status subscriptions, by channel and state (pending: not yet confirmed).',
    labelNames: ['channel', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await subscriptionCounts(db)) this.set({ channel: row.channel, state: row.status }, row.count);
    },
  });
  new Gauge({
    name: 'hostfront_status_notifications_pending',
    help: 'Status notifications waiting to be delivered, per channel.',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      const rows = await notificationBacklog(db);
      for (const channel of channels) this.set({ channel }, rows.find((r) => r.channel === channel)?.pending ?? 0);
    },
  });
  return countAttemptFailures(
    registry,
    { name: 'hostfront_status_notification_failures_total', help: 'Status notification delivery attempts that failed or were rate limited, per channel.' },
    channels,
  );
}
