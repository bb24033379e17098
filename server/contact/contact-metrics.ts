import type { Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { countAttemptFailures } from '../outbox/attempt-failures-metric.ts';
import type { AttemptOutcome } from '../outbox/outbox-tables.ts';
import { countMessages } from './contact-operator-repository.ts';
import { outboxBacklog } from './contact-repository.ts';
import type { ContactChannelName } from './contact-tables.ts';

/**
 * The contact outbox's metrics: its backlog per channel (read from the database when scraped,
 * so every instance reports the shared queue), failed delivery attempts, and the messages no
 * person of the team has answered yet (contact-repository.ts). Ages are counted on the app's
 * clock (app.clock), as the outbox counts them. Returns the hook the outbox
 * calls after each attempt.
 */
export function registerContactMetrics(
  registry: Registry,
  db: Kysely<Database>,
  channels: readonly ContactChannelName[],
  clock: Clock,
): (channel: ContactChannelName, outcome: AttemptOutcome) => void {
  const backlog = async () => {
    const rows = await outboxBacklog(db);
    return channels.map((channel) => rows.find((r) => r.channel === channel) ?? { channel, pending: 0, oldestCreatedAt: null });
  };
  new Gauge({
    name: 'hostfront_outbox_pending',
    help: 'Contact deliveries waiting to be delivered, per channel.',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      for (const row of await backlog()) this.set({ channel: row.channel }, row.pending);
    },
  });
  new Gauge({
    name: 'hostfront_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest contact delivery still waiting, per channel (0 when none waits).',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      const now = clock();
      for (const row of await backlog()) this.set({ channel: row.channel }, row.oldestCreatedAt === null ? 0 : (now - row.oldestCreatedAt) / 1000);
    },
  });
  new Gauge({
    name: 'hostfront_contact_unanswered_messages',
    help: 'Contact messages no staff member has answered (or resolved) yet.',
    registers: [registry],
    async collect() {
      this.set(await countMessages(db, { answered: false }));
    },
  });
  return countAttemptFailures(
    registry,
    { name: 'hostfront_outbox_delivery_failures_total', help: 'Contact delivery attempts that failed or were rate limited, per channel.' },
    channels,
  );
}
