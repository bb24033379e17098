import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ContactMessage } from '../contact/contact-repository.ts';
import { maxMessagesPerConversation, maxOpenConversationsPerVisitor, supportRateLimits } from '../../contracts/support-rules.ts';
import type { VisitorConversation, VisitorMessage } from '../../contracts/support.ts';
import type { VisitorConversationList } from '../../contracts/support-visitor-api.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import type { DeskEvents } from './support-events.ts';
import { grantConversation, isGranted } from './support-grants-repository.ts';
import { addressKey, type ContinueGrant } from './support-links.ts';
import type { CapRefusal } from './support-mail-caps.ts';
import type { SupportMailer } from './support-mailer.ts';
import type { Conversation, Message } from './support-records.ts';
import {
  conversationsOfVisitor,
  findConversation,
  insertConversation,
  lockConversation,
  markRead,
  openConversationCount,
  proveAddress,
  updateConversation,
} from './support-conversations-repository.ts';
import { insertMessage, messageByClientId, messageCounts, messagesOf } from './support-messages-repository.ts';
import { visitorConversationView, visitorMessageView, visitorSummaryView } from './support-views.ts';

export const notFound = (): HttpError =>
  new HttpError(
    404,
    'not_found',
    'This conversation was not found. It may have been opened in another browser: use the link in our e-mail to continue it here.',
  );

/** The visitor's game server, when their browser is connected to the panel. */
export interface VisitorServer {
  serverId: string;
  name: string | null;
  sessionHash: string;
}

export interface SupportServiceDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  now: () => number;
  events: DeskEvents;
  mailer: SupportMailer;
  /** Whether live chat is staffed now, and when replies are mailed. */
  status: () => Promise<VisitorConversationList['status']>;
  /** A change that moves the figures (the home page's cache forgets them). */
  figuresChanged: () => void;
}

/**
 * The visitor's side of the desk: start a conversation, write, type, read, leave an address,
 * rate, ask for the transcript. A visitor is a browser (the signed cookie's id); every
 * conversation they may touch is one of theirs, anything else is a 404.
 */
export class SupportService {
  readonly #d: SupportServiceDeps;

  constructor(deps: SupportServiceDeps) {
    this.#d = deps;
  }

  /** A new visitor id (the cookie's value, signed by the routes). */
  static newVisitorId(): string {
    return randomBytes(16).toString('base64url');
  }

  async list(visitorId: string | undefined): Promise<VisitorConversationList> {
    const status = await this.#d.status();
    if (!visitorId) return { conversations: [], status };
    return { conversations: (await conversationsOfVisitor(this.#d.db, visitorId)).map(visitorSummaryView), status };
  }

  async start(
    visitorId: string,
    input: {
      text: string;
      page?: string | undefined;
      assistantQuestion?: string | undefined;
      name?: string | undefined;
      email?: string | undefined;
      clientId?: string | undefined;
    },
    meta: { ip: string; userAgent: string | undefined; server: VisitorServer | undefined },
  ): Promise<VisitorConversation> {
    if ((await openConversationCount(this.#d.db, visitorId)) >= maxOpenConversationsPerVisitor) {
      throw new HttpError(409, 'too_many_open', `You have ${maxOpenConversationsPerVisitor} conversations open already: please continue one of them.`);
    }
    const now = this.#d.now();
    const id = randomUUID();
    const first = await this.#d.db.transaction().execute((trx) =>
      insertConversation(
        trx,
        {
          id,
          visitorId,
          origin: 'chat',
          subject: null,
          name: input.name || null,
          email: input.email ?? null,
          page: input.page ?? null,
          assistantQuestion: input.assistantQuestion || null,
          serverId: meta.server?.serverId ?? null,
          serverName: meta.server?.name ?? null,
          panelSessionHash: meta.server?.sessionHash ?? null,
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 512) ?? null,
          contactMessageId: null,
          createdAt: now,
        },
        input.text,
        input.clientId ?? null,
      ),
    );
    const conversation = (await findConversation(this.#d.db, id))!;
    this.#d.figuresChanged();
    await this.#d.events.messageAdded(conversation, first);
    return visitorConversationView(conversation, [first]);
  }

  /** The contact form's message as a conversation, in the contact message's own transaction (same id). */
  static async startFromContact(trx: Transaction<Database>, message: ContactMessage): Promise<void> {
    await insertConversation(
      trx,
      {
        id: message.id,
        visitorId: `contact-${message.id}`,
        origin: 'contact',
        subject: message.subject,
        name: message.name,
        email: message.email,
        page: '/contact',
        assistantQuestion: null,
        serverId: null,
        serverName: null,
        panelSessionHash: null,
        ip: message.ip,
        userAgent: message.userAgent,
        contactMessageId: message.id,
        createdAt: message.createdAt,
      },
      message.message,
      null,
    );
  }

  /** Pushes a conversation started elsewhere (the contact form) to the open consoles. */
  async announce(id: string): Promise<void> {
    const conversation = await findConversation(this.#d.db, id);
    if (!conversation) return;
    const [first] = await messagesOf(this.#d.db, id, { visibleOnly: true });
    this.#d.figuresChanged();
    if (first) await this.#d.events.messageAdded(conversation, first);
  }

  /** The conversation when it is the browser's own or a continue link granted it (docs/decisions.md 73); else 404. */
  async #own(visitorId: string | undefined, id: string): Promise<Conversation> {
    const conversation = visitorId ? await findConversation(this.#d.db, id) : undefined;
    if (!conversation || !visitorId) throw notFound();
    if (conversation.visitorId !== visitorId && !(await isGranted(this.#d.db, visitorId, id))) throw notFound();
    return conversation;
  }

  /**
   * A continue link opened in this browser: its conversation is granted to the browser beside
   * its own, never the other way round (docs/decisions.md 73); a link mailed to the
   * conversation's address proves it (docs/decisions.md 72). Undefined: the conversation is gone.
   */
  async continueWith(visitorId: string, grant: ContinueGrant): Promise<{ conversationId: string; addressConfirmed: boolean } | undefined> {
    const conversation = await findConversation(this.#d.db, grant.conversationId);
    if (!conversation) return undefined;
    const now = this.#d.now();
    if (conversation.visitorId !== visitorId) await grantConversation(this.#d.db, visitorId, conversation.id, now);
    const proves = conversation.email !== null && grant.addressKey !== undefined && grant.addressKey === addressKey(conversation.email);
    // Proven only if the address is still the one read (a change at the same time is not proven by this link).
    if (proves && (await proveAddress(this.#d.db, conversation.id, conversation.email!, now))) {
      await this.#d.events.conversationChanged((await findConversation(this.#d.db, conversation.id))!);
    }
    return { conversationId: conversation.id, addressConfirmed: proves };
  }

  async get(visitorId: string | undefined, id: string): Promise<VisitorConversation> {
    const conversation = await this.#own(visitorId, id);
    return visitorConversationView(conversation, await messagesOf(this.#d.db, id, { visibleOnly: true }));
  }

  /** Checks the conversation is the visitor's (the stream's question). */
  async check(visitorId: string | undefined, id: string): Promise<void> {
    await this.#own(visitorId, id);
  }

  /** A visitor's message; the same clientId again answers the stored one (`created` false). */
  async write(
    visitorId: string | undefined,
    id: string,
    input: { text: string; clientId?: string | undefined },
  ): Promise<{ created: boolean; message: VisitorMessage }> {
    const conversation = await this.#own(visitorId, id);
    if (input.clientId) {
      const earlier = await messageByClientId(this.#d.db, id, input.clientId);
      if (earlier) return { created: false, message: visitorMessageView(earlier) };
    }
    const now = this.#d.now();
    const window = supportRateLimits.messagesPerConversation;
    const counts = await messageCounts(this.#d.db, id, now - window.windowMs);
    if (counts.total >= maxMessagesPerConversation) {
      throw new HttpError(409, 'conversation_full', 'This conversation is very long: please start a new one to go on.');
    }
    if (counts.recentFromVisitor >= window.max) {
      throw new HttpError(429, 'rate_limited', `At most ${window.max} messages a minute in one conversation. Please wait a moment.`, {
        headers: { 'retry-after': '60' },
      });
    }
    const message = await this.#d.db.transaction().execute(async (trx) => {
      const current = (await lockConversation(trx, this.#d.dialect, id)) ?? conversation;
      const stored = await insertMessage(trx, {
        conversationId: id,
        kind: 'message',
        author: 'visitor',
        staffId: null,
        authorName: current.name,
        body: input.text,
        clientId: input.clientId ?? null,
        createdAt: now,
      });
      if (current.state !== 'open') {
        // The visitor wrote again: the team's turn. A resolved conversation is reopened.
        await updateConversation(
          trx,
          id,
          current.state === 'resolved' ? { state: 'open', resolved_at: null, reopened: current.reopened + 1 } : { state: 'open' },
        );
      }
      return stored;
    });
    if (conversation.state === 'resolved') this.#d.figuresChanged();
    await this.#d.events.messageAdded((await findConversation(this.#d.db, id))!, message);
    return { created: true, message: visitorMessageView(message) };
  }

  async typing(visitorId: string | undefined, id: string, typing: boolean): Promise<void> {
    await this.#own(visitorId, id);
    this.#d.events.typing(id, 'visitor', null, typing);
  }

  async read(visitorId: string | undefined, id: string, upTo: number): Promise<void> {
    const conversation = await this.#own(visitorId, id);
    if (upTo <= conversation.visitorReadUpTo) return;
    const moved = await markRead(this.#d.db, id, 'visitor', upTo);
    if (moved !== undefined) this.#d.events.read(id, 'visitor', moved);
  }

  async setContact(visitorId: string | undefined, id: string, input: { email: string; name?: string | undefined }): Promise<VisitorConversation> {
    const conversation = await this.#own(visitorId, id);
    // Another address is not proven by the old one's link (docs/decisions.md 72).
    const same = conversation.email !== null && addressKey(conversation.email) === addressKey(input.email);
    await updateConversation(this.#d.db, id, {
      email: input.email,
      ...(same ? {} : { email_verified_at: null }),
      ...(input.name ? { name: input.name } : {}),
      updated_at: this.#d.now(),
    });
    const updated = (await findConversation(this.#d.db, id))!;
    await this.#d.events.conversationChanged(updated);
    return visitorConversationView(updated, await messagesOf(this.#d.db, conversation.id, { visibleOnly: true }));
  }

  async rate(visitorId: string | undefined, id: string, input: { rating: number; comment?: string | undefined }): Promise<VisitorConversation> {
    const conversation = await this.#own(visitorId, id);
    if (conversation.state !== 'resolved') throw new HttpError(409, 'not_resolved', 'You can rate the conversation once it is resolved.');
    if (conversation.rating !== null) throw new HttpError(409, 'already_rated', 'You rated this conversation already. Thank you!');
    const now = this.#d.now();
    await updateConversation(this.#d.db, id, { rating: input.rating, rating_comment: input.comment || null, rated_at: now, updated_at: now });
    const updated = (await findConversation(this.#d.db, id))!;
    this.#d.figuresChanged();
    await this.#d.events.conversationChanged(updated);
    return visitorConversationView(updated, await messagesOf(this.#d.db, id, { visibleOnly: true }));
  }

  /**
   * Mails the resolved conversation to its proven address, else to the signed-in customer's
   * verified address (`accountAddress`), never to one the request names (docs/decisions.md 72).
   */
  async transcript(visitorId: string | undefined, id: string, options: { accountAddress?: string | undefined } = {}): Promise<void> {
    const conversation = await this.#own(visitorId, id);
    if (conversation.state !== 'resolved') throw new HttpError(409, 'not_resolved', 'The transcript can be mailed once the conversation is resolved.');
    const to = (conversation.emailVerifiedAt !== null ? conversation.email : null) ?? options.accountAddress;
    if (!to) throw unconfirmed(conversation.email);
    this.#mailAvailable();
    const refused = await this.#d.mailer.sendTranscript(conversation, to, await messagesOf(this.#d.db, id, { visibleOnly: true }));
    if (refused) throw capReached(refused, refused.by === 'conversation' ? 'This conversation' : to, 'transcripts');
  }

  /** Mails the link that proves the conversation's address (a few a day, docs/decisions.md 72). */
  async confirmAddress(visitorId: string | undefined, id: string): Promise<void> {
    const conversation = await this.#own(visitorId, id);
    if (!conversation.email) throw unconfirmed(null);
    if (conversation.emailVerifiedAt !== null) throw new HttpError(409, 'already_confirmed', `${conversation.email} is confirmed already.`);
    this.#mailAvailable();
    const refused = await this.#d.mailer.sendConfirmation(conversation, conversation.email);
    if (refused) throw capReached(refused, refused.by === 'conversation' ? 'This conversation' : conversation.email, 'confirmation links');
  }

  #mailAvailable(): void {
    if (!this.#d.mailer.enabled)
      throw new HttpError(503, 'mail_unavailable', 'This site cannot send e-mail at the moment. Please copy the conversation instead.');
  }
}

/** The conversation has no proven address (and the visitor no verified account). */
function unconfirmed(email: string | null): HttpError {
  return email
    ? new HttpError(409, 'address_unconfirmed', `Confirm ${email} first: open the link in our e-mail to it. The transcript goes only to a confirmed address.`)
    : new HttpError(409, 'no_address', 'Leave your e-mail address and confirm it first: the transcript goes only to a confirmed address.');
}

function capReached(refused: CapRefusal, who: string, what: string): HttpError {
  const hours = Math.ceil(refused.retryAfterSeconds / 3600);
  return new HttpError(429, 'rate_limited', `${who} had ${refused.max} ${what} today, the most a day. Please try again in about ${hours} h.`, {
    headers: { 'retry-after': String(refused.retryAfterSeconds) },
  });
}

export type { Message };
