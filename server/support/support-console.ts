import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  AvailabilityAnswer,
  ConversationContext,
  ConversationCounts,
  ConversationDetail,
  ConversationPage,
  ConversationQuery,
  ConversationSummary,
  SavedReply,
  StaffMessage,
} from '../../contracts/support-staff-api.ts';
import type { Acting, AuditLog } from '../audit/audit-service.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { deleteSavedReply, insertSavedReply, listSavedReplies, updateSavedReply } from './saved-replies-repository.ts';
import type { DeskEvents } from './support-events.ts';
import type { DeskPresence } from './support-presence.ts';
import type { Conversation, Message } from './support-records.ts';
import { findConversation, lockConversation, markRead, updateConversation } from './support-conversations-repository.ts';
import { insertMessage, messageByClientId, messagesOf } from './support-messages-repository.ts';
import { inboxCounts, listConversations, unreadOf } from './support-inbox-repository.ts';
import { setAvailability, staffName } from './support-team-repository.ts';
import { conversationNamed, supportAuditActions } from './support-audit-actions.ts';
import { staffMessageView, summaryView } from './support-views.ts';

/** The staff member acting: who they are for the conversation, and for the audit log. */
export interface DeskActor {
  id: string;
  name: string;
  acting: Acting;
}

const notFound = (): HttpError => new HttpError(404, 'not_found', 'This conversation was not found (it may have been removed by retention).');

export interface SupportConsoleDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  now: () => number;
  audit: AuditLog;
  events: DeskEvents;
  presence: DeskPresence;
  context: (conversation: Conversation) => Promise<ConversationContext>;
  figuresChanged: () => void;
}

/**
 * The team's side of the desk (the console's Conversations section): the one inbox, replies and
 * notes, resolve, reopen, assign, availability, saved replies. Every change is written to the
 * audit log with the act it describes.
 */
export class SupportConsole {
  readonly #d: SupportConsoleDeps;

  constructor(deps: SupportConsoleDeps) {
    this.#d = deps;
  }

  async list(query: ConversationQuery & { view: NonNullable<ConversationQuery['view']>; limit: number }, me: string): Promise<ConversationPage> {
    const [at, id] = query.cursor ? (query.cursor.split(':') as [string, string]) : [];
    const words = (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
    const rows = await listConversations(this.#d.db, {
      view: query.view,
      origin: query.origin,
      words,
      me,
      dialect: this.#d.dialect,
      limit: query.limit + 1,
      before: at !== undefined && id !== undefined ? { at: Number(at), id } : undefined,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      conversations: page.map((c) => summaryView(c, c.unread)),
      nextCursor: rows.length > query.limit && last ? `${last.lastMessageAt}:${last.id}` : null,
      counts: await this.counts(me),
    };
  }

  counts(me: string): Promise<ConversationCounts> {
    return inboxCounts(this.#d.db, me);
  }

  async #find(id: string): Promise<Conversation> {
    const conversation = await findConversation(this.#d.db, id);
    if (!conversation) throw notFound();
    return conversation;
  }

  async #summary(id: string): Promise<{ conversation: Conversation; summary: ConversationSummary }> {
    const conversation = await this.#find(id);
    return { conversation, summary: summaryView(conversation, await unreadOf(this.#d.db, id)) };
  }

  async detail(id: string): Promise<ConversationDetail> {
    const { conversation, summary } = await this.#summary(id);
    const [messages, context] = await Promise.all([messagesOf(this.#d.db, id, { visibleOnly: false }), this.#d.context(conversation)]);
    return {
      ...summary,
      messages: messages.map(staffMessageView),
      staffReadUpTo: conversation.staffReadUpTo,
      visitorReadUpTo: conversation.visitorReadUpTo,
      ratingComment: conversation.ratingComment,
      resolvedAt: conversation.resolvedAt,
      reopened: conversation.reopened,
      context,
    };
  }

  /** A reply (the visitor's turn next; the first one is the conversation's first answer and takes it if nobody has) or an internal note. */
  async write(
    id: string,
    input: { text: string; kind: 'message' | 'note'; clientId?: string | undefined },
    actor: DeskActor,
  ): Promise<{ created: boolean; message: StaffMessage }> {
    await this.#find(id);
    if (input.clientId) {
      const earlier = await messageByClientId(this.#d.db, id, input.clientId);
      if (earlier) return { created: false, message: staffMessageView(earlier) };
    }
    const now = this.#d.now();
    let firstAnswer = false;
    const message = await this.#d.db.transaction().execute(async (trx) => {
      const current = await lockConversation(trx, this.#d.dialect, id);
      if (!current) throw notFound();
      const stored = await insertMessage(trx, {
        conversationId: id,
        kind: input.kind,
        author: 'staff',
        staffId: actor.id,
        authorName: actor.name,
        body: input.text,
        clientId: input.clientId ?? null,
        createdAt: now,
      });
      if (input.kind === 'message') {
        firstAnswer = current.firstAnswerAt === null;
        await updateConversation(trx, id, {
          ...(current.state === 'open' ? { state: 'waiting' } : {}),
          ...(firstAnswer ? { first_answer_at: now, first_answer_by: actor.id, first_answer_name: actor.name } : {}),
          ...(current.assigneeId === null ? { assignee_id: actor.id, assignee_name: actor.name } : {}),
        });
      }
      await this.#d.audit.record(
        {
          ...actor.acting,
          action: input.kind === 'note' ? supportAuditActions.note : supportAuditActions.reply,
          target: id,
          detail: { ...conversationNamed(current), messageId: stored.id, length: input.text.length },
        },
        { db: trx },
      );
      return stored;
    });
    if (firstAnswer) this.#d.figuresChanged();
    await this.#d.events.messageAdded(await this.#find(id), message);
    return { created: true, message: staffMessageView(message) };
  }

  async resolve(id: string, actor: DeskActor): Promise<ConversationSummary> {
    return this.#change(id, actor, supportAuditActions.resolve, (c) => {
      if (c.state === 'resolved') throw new HttpError(409, 'already_resolved', 'This conversation is resolved already.');
      return {
        set: { state: 'resolved', resolved_at: this.#d.now(), resolved_by: actor.name },
        line: { kind: 'message', text: `${actor.name} marked this conversation resolved.` },
      };
    });
  }

  async reopen(id: string, actor: DeskActor): Promise<ConversationSummary> {
    return this.#change(id, actor, supportAuditActions.reopen, (c) => {
      if (c.state !== 'resolved') throw new HttpError(409, 'not_resolved', 'Only a resolved conversation can be reopened.');
      return {
        set: { state: 'open', resolved_at: null, reopened: c.reopened + 1 },
        line: { kind: 'message', text: `${actor.name} reopened this conversation.` },
      };
    });
  }

  async assign(id: string, staffId: string | null, actor: DeskActor): Promise<ConversationSummary> {
    const name = staffId === null ? null : staffId === actor.id ? actor.name : await staffName(this.#d.db, staffId);
    if (staffId !== null && name === undefined) {
      throw new HttpError(400, 'invalid', 'There is no such person on the team.', {
        fields: { staffId: 'Choose a person of the team (an enabled staff account).' },
      });
    }
    return this.#change(id, actor, supportAuditActions.assign, () => ({
      set: { assignee_id: staffId, assignee_name: name ?? null },
      line: { kind: 'note', text: name ? `${actor.name} assigned this conversation to ${name}.` : `${actor.name} unassigned this conversation.` },
      detail: { assignee: name ?? null },
    }));
  }

  /** One change of a conversation with its line in the conversation and its audit entry, in one transaction. */
  async #change(
    id: string,
    actor: DeskActor,
    action: string,
    decide: (current: Conversation) => {
      set: Parameters<typeof updateConversation>[2];
      line: { kind: 'message' | 'note'; text: string };
      detail?: Record<string, string | null>;
    },
  ): Promise<ConversationSummary> {
    const now = this.#d.now();
    const line = await this.#d.db.transaction().execute(async (trx) => {
      const current = await lockConversation(trx, this.#d.dialect, id);
      if (!current) throw notFound();
      const change = decide(current);
      const stored = await insertMessage(trx, {
        conversationId: id,
        kind: change.line.kind,
        author: 'system',
        staffId: actor.id,
        authorName: null,
        body: change.line.text,
        clientId: null,
        createdAt: now,
      });
      await updateConversation(trx, id, { ...change.set, updated_at: now });
      await this.#d.audit.record({ ...actor.acting, action, target: id, detail: { ...conversationNamed(current), ...change.detail } }, { db: trx });
      return stored;
    });
    this.#d.figuresChanged();
    const { conversation, summary } = await this.#summary(id);
    await this.#d.events.messageAdded(conversation, line);
    return summary;
  }

  async typing(id: string, typing: boolean, actor: DeskActor): Promise<void> {
    await this.#find(id);
    this.#d.events.typing(id, 'staff', { id: actor.id, name: actor.name }, typing);
  }

  async read(id: string, upTo: number): Promise<void> {
    await this.#find(id);
    const moved = await markRead(this.#d.db, id, 'staff', upTo);
    if (moved === undefined) return;
    this.#d.events.read(id, 'staff', moved);
    // The inbox's line (its unread count) and the counts every console shows change with it, not at the next reload.
    await this.#d.events.conversationChanged(await this.#find(id));
  }

  async availability(me: string): Promise<AvailabilityAnswer> {
    const presence = await this.#d.presence.current();
    return { available: presence.team.find((m) => m.staffId === me)?.available ?? false, staffed: presence.status.staffed, team: presence.team };
  }

  async setAvailable(available: boolean, actor: DeskActor): Promise<AvailabilityAnswer> {
    await this.#d.db.transaction().execute(async (trx) => {
      await setAvailability(trx, { id: actor.id, name: actor.name }, available, this.#d.now());
      await this.#d.audit.record({ ...actor.acting, action: supportAuditActions.availability, target: actor.id, detail: { available } }, { db: trx });
    });
    await this.#d.events.presenceChanged();
    return this.availability(actor.id);
  }

  async savedReplies(): Promise<SavedReply[]> {
    return listSavedReplies(this.#d.db);
  }

  async addSavedReply(input: { title: string; text: string }, actor: DeskActor): Promise<SavedReply> {
    return this.#d.db.transaction().execute(async (trx) => {
      const reply = await insertSavedReply(trx, { id: randomUUID(), ...input, createdBy: actor.name, now: this.#d.now() });
      await this.#d.audit.record(
        { ...actor.acting, action: supportAuditActions.savedReplyCreate, target: reply.id, detail: { title: reply.title } },
        { db: trx },
      );
      return reply;
    });
  }

  async editSavedReply(id: string, input: { title: string; text: string }, actor: DeskActor): Promise<SavedReply> {
    return this.#d.db.transaction().execute(async (trx) => {
      const reply = await updateSavedReply(trx, id, { ...input, now: this.#d.now() });
      if (!reply) throw new HttpError(404, 'not_found', 'This saved reply was not found.');
      await this.#d.audit.record({ ...actor.acting, action: supportAuditActions.savedReplyUpdate, target: id, detail: { title: reply.title } }, { db: trx });
      return reply;
    });
  }

  async removeSavedReply(id: string, actor: DeskActor): Promise<void> {
    await this.#d.db.transaction().execute(async (trx) => {
      const reply = await deleteSavedReply(trx, id);
      if (!reply) throw new HttpError(404, 'not_found', 'This saved reply was not found.');
      await this.#d.audit.record({ ...actor.acting, action: supportAuditActions.savedReplyDelete, target: id, detail: { title: reply.title } }, { db: trx });
    });
  }
}

export type { Message };
