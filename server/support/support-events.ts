import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SupportStatus } from '../../contracts/support.ts';
import type { TeamMember } from '../../contracts/support-staff-api.ts';
import type { Database } from '../db/schema.ts';
import type { ClusterNotify } from '../lib/cluster-notify.ts';
import { unreadOf } from './support-inbox-repository.ts';
import type { Conversation, Message } from './support-records.ts';
import { findConversation } from './support-conversations-repository.ts';
import { findMessage } from './support-messages-repository.ts';
import type { TopicStreams } from './support-streams.ts';
import { assigneeForVisitor, canRate, staffMessageView, summaryView, visitorMessageView } from './support-views.ts';

/** What one instance tells the others: ids only (they read the rows), or a typing or read mark. */
export type DeskSignal =
  | { k: 'message'; c: string; m: number }
  | { k: 'conversation'; c: string }
  | { k: 'typing'; c: string; a: 'visitor' | 'staff'; s: string | null; n: string | null; t: boolean }
  | { k: 'read'; c: string; a: 'visitor' | 'staff'; u: number }
  | { k: 'presence' };

export interface Presence {
  status: SupportStatus;
  team: TeamMember[];
}

/**
 * The desk's live events: pushed to this instance's open streams (visitors by conversation,
 * consoles by person) right after the change commits, and told to the other instances, which
 * read the rows by id and push them to theirs.
 */
export class DeskEvents {
  readonly #db: Kysely<Database>;
  readonly #visitors: TopicStreams;
  readonly #staff: TopicStreams;
  readonly #cluster: ClusterNotify<DeskSignal>;
  readonly #presence: () => Promise<Presence>;
  readonly #log: FastifyBaseLogger;

  constructor(deps: {
    db: Kysely<Database>;
    visitors: TopicStreams;
    staff: TopicStreams;
    cluster: ClusterNotify<DeskSignal>;
    presence: () => Promise<Presence>;
    log: FastifyBaseLogger;
  }) {
    this.#db = deps.db;
    this.#visitors = deps.visitors;
    this.#staff = deps.staff;
    this.#cluster = deps.cluster;
    this.#presence = deps.presence;
    this.#log = deps.log;
  }

  /** Starts hearing the other instances. */
  start(): Promise<void> {
    return this.#cluster.start(
      (signal) => void this.#receive(signal).catch((error) => this.#log.error({ err: error }, 'support: could not push a change from another instance')),
      () => {
        // Messages may have gone by while the LISTEN connection was down: open screens read again.
        this.#visitors.sendAll('resync', {});
        this.#staff.sendAll('resync', {});
        void this.presenceChanged(false).catch((error) => this.#log.error({ err: error }, 'support: could not read who is there'));
      },
    );
  }

  async messageAdded(conversation: Conversation, message: Message): Promise<void> {
    await this.#pushMessage(conversation, message);
    void this.#cluster.publish({ k: 'message', c: conversation.id, m: message.id });
  }

  async conversationChanged(conversation: Conversation): Promise<void> {
    await this.#pushConversation(conversation);
    void this.#cluster.publish({ k: 'conversation', c: conversation.id });
  }

  typing(conversationId: string, author: 'visitor' | 'staff', staff: { id: string; name: string } | null, typing: boolean): void {
    this.#pushTyping({ k: 'typing', c: conversationId, a: author, s: staff?.id ?? null, n: staff?.name ?? null, t: typing });
    void this.#cluster.publish({ k: 'typing', c: conversationId, a: author, s: staff?.id ?? null, n: staff?.name ?? null, t: typing });
  }

  read(conversationId: string, author: 'visitor' | 'staff', upTo: number): void {
    this.#pushRead({ k: 'read', c: conversationId, a: author, u: upTo });
    void this.#cluster.publish({ k: 'read', c: conversationId, a: author, u: upTo });
  }

  /** Someone's switch or console changed: every stream hears who is there now. */
  async presenceChanged(tellOthers = true): Promise<void> {
    const presence = await this.#presence();
    this.#visitors.sendAll('presence', presence.status);
    this.#staff.sendAll('presence', { staffed: presence.status.staffed, team: presence.team });
    if (tellOthers) void this.#cluster.publish({ k: 'presence' });
  }

  async #receive(signal: DeskSignal): Promise<void> {
    if (signal.k === 'typing') return this.#pushTyping(signal);
    if (signal.k === 'read') return this.#pushRead(signal);
    if (signal.k === 'presence') return this.presenceChanged(false);
    if (!this.#visitors.has(signal.c) && this.#staff.size === 0) return;
    const conversation = await findConversation(this.#db, signal.c);
    if (!conversation) return;
    if (signal.k === 'conversation') return this.#pushConversation(conversation);
    const message = await findMessage(this.#db, signal.m);
    if (message) await this.#pushMessage(conversation, message);
  }

  async #pushMessage(conversation: Conversation, message: Message): Promise<void> {
    if (message.kind === 'message') this.#visitors.send(conversation.id, 'message', { conversationId: conversation.id, message: visitorMessageView(message) });
    if (this.#staff.size > 0) this.#staff.sendAll('message', { conversationId: conversation.id, message: staffMessageView(message) });
    await this.#pushConversation(conversation);
  }

  async #pushConversation(conversation: Conversation): Promise<void> {
    this.#visitors.send(conversation.id, 'state', {
      conversationId: conversation.id,
      state: conversation.state,
      assignee: assigneeForVisitor(conversation),
      canRate: canRate(conversation),
      email: conversation.email,
      emailVerified: conversation.email !== null && conversation.emailVerifiedAt !== null,
    });
    if (this.#staff.size === 0) return;
    const unread = await unreadOf(this.#db, conversation.id);
    this.#staff.sendAll('conversation', { conversation: summaryView(conversation, unread) });
  }

  #pushTyping(s: Extract<DeskSignal, { k: 'typing' }>): void {
    const data = { conversationId: s.c, author: s.a, staffId: s.s, name: s.n, typing: s.t };
    if (s.a === 'staff') this.#visitors.send(s.c, 'typing', data);
    this.#staff.sendAll('typing', data);
  }

  #pushRead(s: Extract<DeskSignal, { k: 'read' }>): void {
    const data = { conversationId: s.c, author: s.a, upTo: s.u };
    if (s.a === 'staff') this.#visitors.send(s.c, 'read', data);
    this.#staff.sendAll('read', data);
  }
}
