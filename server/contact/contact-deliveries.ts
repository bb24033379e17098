import type { Kysely } from 'kysely';
import type { InboxCounts, InboxDelivery, ContactMessageDetail, InboxPage, InboxQuery, RetryAnswer } from '../../contracts/staff-contact.ts';
import { inboxPageSize, searchWords, stuckAfterMinutes, type ContactChannel, type InboxView } from '../../contracts/staff-contact-rules.ts';
import type { AuditLog } from '../audit/audit-service.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { attemptsOf, countMessages, deliveriesOf, listMessages, type MessageFilter, messageById, retryMessage } from './contact-operator-repository.ts';
import type { ContactDelivery, StoredMessage } from './contact-repository.ts';

/** The staff member acting, as the audit log names them. */
export interface InboxActor {
  id: string;
  email: string;
  clientIp: string;
}

export interface InboxDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  audit: AuditLog;
  /** The channels this server delivers to, and the outbox's 24 h window. */
  channels: readonly ContactChannel[];
  maxAgeMs: number;
  /** Tells this instance's outbox to look now; other instances find the work at their next poll. */
  wake: () => void;
  now?: () => number;
}

const previewLength = 160;
const stuckMs = stuckAfterMinutes * 60_000;

const viewFilters: Record<InboxView, MessageFilter> = {
  all: {},
  unanswered: { answered: false },
  answered: { answered: true },
  failed: { failed: true },
};

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= previewLength ? flat : `${flat.slice(0, previewLength - 1)}…`;
}

function parseCursor(cursor: string): { createdAt: number; id: string } {
  const at = cursor.indexOf(':');
  return { createdAt: Number(cursor.slice(0, at)), id: cursor.slice(at + 1) };
}

const notFound = () => new HttpError(404, 'not_found', 'There is no contact message with this id (messages are deleted after CONTACT_RETENTION_DAYS).');

/**
 * What the console's Conversations section shows of contact messages (docs/decisions.md 57):
 * lists and searches stored messages (those whose delivery failed), shows each with its
 * deliveries and attempts, and queues a channel again as `npm run contact -- retry` does,
 * written to the audit log.
 */
export class ContactDeliveries {
  private readonly deps: InboxDeps;
  private readonly now: () => number;

  constructor(deps: InboxDeps) {
    this.deps = deps;
    this.now = deps.now ?? Date.now;
  }

  /** When a delivery was last queued: its window (expiresAt) opens maxAgeMs before it closes, at queueing and at every retry. */
  private queuedAt(d: ContactDelivery): number {
    return d.expiresAt - this.deps.maxAgeMs;
  }

  private delivery(d: ContactDelivery, now: number): InboxDelivery {
    const configured = this.deps.channels.includes(d.channel);
    return {
      channel: d.channel,
      status: d.status,
      attempts: d.attempts,
      nextAttemptAt: d.nextAttemptAt,
      expiresAt: d.expiresAt,
      lastError: d.lastError,
      deliveredAt: d.deliveredAt,
      createdAt: d.createdAt,
      retryable: configured && (d.status === 'failed' || (d.status === 'pending' && d.attempts > 0 && now - this.queuedAt(d) >= stuckMs)),
      configured,
    };
  }

  async list(query: InboxQuery): Promise<InboxPage> {
    const now = this.now();
    const limit = query.limit === undefined ? inboxPageSize : Number(query.limit);
    const filter: MessageFilter = { ...viewFilters[query.view ?? 'all'], words: searchWords(query.q ?? ''), dialect: this.deps.dialect };
    const [rows, total, unanswered] = await Promise.all([
      listMessages(this.deps.db, { ...filter, limit: limit + 1, before: query.cursor ? parseCursor(query.cursor) : undefined }),
      countMessages(this.deps.db, filter),
      countMessages(this.deps.db, { answered: false }),
    ]);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      messages: page.map(({ message, deliveries }) => ({
        id: message.id,
        name: message.name,
        email: message.email,
        subject: message.subject,
        preview: preview(message.message),
        createdAt: message.createdAt,
        answeredAt: message.answeredAt,
        answeredBy: message.answeredBy,
        deliveries: deliveries.map((d) => this.delivery(d, now)),
      })),
      nextCursor: rows.length > limit && last ? `${last.message.createdAt}:${last.message.id}` : null,
      total,
      unanswered,
      channels: [...this.deps.channels],
    };
  }

  async counts(): Promise<InboxCounts> {
    const [unanswered, failed] = await Promise.all([countMessages(this.deps.db, { answered: false }), countMessages(this.deps.db, { failed: true })]);
    return { unanswered, failed };
  }

  async detail(id: string): Promise<ContactMessageDetail> {
    const message = await messageById(this.deps.db, id);
    if (!message) throw notFound();
    return this.detailOf(message);
  }

  private async detailOf(message: StoredMessage): Promise<ContactMessageDetail> {
    const now = this.now();
    const [deliveries, attempts] = await Promise.all([deliveriesOf(this.deps.db, message.id), attemptsOf(this.deps.db, message.id)]);
    return {
      id: message.id,
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      ip: message.ip,
      userAgent: message.userAgent,
      createdAt: message.createdAt,
      answeredAt: message.answeredAt,
      answeredBy: message.answeredBy,
      deliveries: deliveries.map((d) => this.delivery(d, now)),
      missingChannels: this.deps.channels.filter((c) => !deliveries.some((d) => d.channel === c)),
      attempts: attempts.map((a) => ({
        id: String(a.id),
        channel: a.channel,
        attempt: a.attempt,
        outcome: a.outcome,
        statusCode: a.statusCode,
        error: a.error,
        startedAt: a.startedAt,
        durationMs: a.durationMs,
      })),
    };
  }

  /**
   * Queues one channel of a message again (a fresh 24 h window, due now), or for the first
   * time when the message came before the channel was configured; wakes the outbox.
   */
  async retry(id: string, channel: ContactChannel, by: InboxActor): Promise<RetryAnswer> {
    const message = await messageById(this.deps.db, id);
    if (!message) throw notFound();
    if (!this.deps.channels.includes(channel)) {
      throw new HttpError(
        409,
        'channel_not_configured',
        `This server does not deliver to ${channelName(channel)}: it is not configured (see CONTACT_WEBHOOK_URL, SMTP_URL and CONTACT_EMAIL_TO).`,
      );
    }
    const delivery = (await deliveriesOf(this.deps.db, id)).find((d) => d.channel === channel);
    if (delivery?.status === 'delivered') {
      throw new HttpError(409, 'already_delivered', `Nothing to retry: this message was delivered to ${channelName(channel)}.`);
    }
    // A send under way finishes and records itself; queueing it again now could send it twice.
    if (delivery?.status === 'pending' && delivery.claimedUntil !== null && delivery.claimedUntil > this.now()) {
      throw new HttpError(409, 'in_progress', `The outbox is sending this message to ${channelName(channel)} right now; look again in a moment.`);
    }
    const queued = await retryMessage(this.deps.db, id, this.deps.channels, this.now(), this.deps.maxAgeMs, { only: channel });
    this.deps.wake();
    await this.deps.audit.record({
      actor: { kind: 'staff', id: by.id, label: by.email },
      action: 'contact.retry',
      target: id,
      clientIp: by.clientIp,
      detail: { channel, previously: delivery ? delivery.status : 'none', attempts: delivery?.attempts ?? 0 },
    });
    return { queued: queued as ContactChannel[], message: await this.detailOf(message) };
  }
}

function channelName(channel: ContactChannel): string {
  return channel === 'email' ? 'e-mail' : 'the webhook';
}
