import type { Kysely } from 'kysely';
import { supportMailCaps } from '../../contracts/support-rules.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { OutboxWorker } from '../outbox/outbox-worker.ts';
import { findConversation } from './support-conversations-repository.ts';
import type { SupportLinks } from './support-links.ts';
import { conversationsWithUnmailedReplies, queueMail, type SupportMail, takeUnmailedReplies } from './support-mail-repository.ts';
import { type CapRefusal, type DailyCaps, queueCappedMail } from './support-mail-caps.ts';
import { confirmMail, replyMail, teamMail, transcriptMail } from './support-mail-texts.ts';
import type { Conversation, Message } from './support-records.ts';
import type { SupportMailKind } from './support-tables.ts';

/** How far back the mailing job looks for replies nobody mailed (older ones were missed for good). */
const lookBackMs = 24 * 60 * 60 * 1000;

/**
 * The desk's mail, all through its outbox: replies the visitor has not seen (after
 * `replyMailAfterMs`), transcripts and address confirmations (capped per day), and the team's notices. Without SMTP_URL, nothing is mailed
 * (`enabled` false) and replies wait in the browser.
 */
export class SupportMailer {
  readonly #db: Kysely<Database>;
  readonly #dialect: Dialect;
  readonly #outbox: OutboxWorker<SupportMail> | undefined;
  readonly #links: SupportLinks;
  readonly #now: () => number;
  readonly #replyMailAfterMs: number;
  readonly #teamAddress: string | undefined;

  constructor(deps: {
    db: Kysely<Database>;
    dialect: Dialect;
    outbox: OutboxWorker<SupportMail> | undefined;
    links: SupportLinks;
    now: () => number;
    replyMailAfterMs: number;
    teamAddress: string | undefined;
  }) {
    this.#db = deps.db;
    this.#dialect = deps.dialect;
    this.#outbox = deps.outbox;
    this.#links = deps.links;
    this.#now = deps.now;
    this.#replyMailAfterMs = deps.replyMailAfterMs;
    this.#teamAddress = deps.teamAddress;
  }

  get enabled(): boolean {
    return this.#outbox !== undefined;
  }

  get #maxAgeMs(): number {
    return this.#outbox?.options.maxAgeMs ?? lookBackMs;
  }

  /**
   * The whole conversation to `to` (the conversation's proven address, the service decides),
   * unless a daily cap was reached (docs/decisions.md 72): then the refusal, and nothing is queued.
   */
  async sendTranscript(conversation: Conversation, to: string, messages: readonly Message[]): Promise<CapRefusal | undefined> {
    const now = this.#now();
    const mail = transcriptMail(conversation, messages, this.#links.continueLink(conversation.id, now, to));
    return this.#queueCapped({ kind: 'transcript', conversationId: conversation.id, to, ...mail }, supportMailCaps.transcript, now);
  }

  /** The link that proves the conversation's address (nothing of the conversation in it), unless a daily cap was reached. */
  async sendConfirmation(conversation: Conversation, to: string): Promise<CapRefusal | undefined> {
    const now = this.#now();
    const mail = confirmMail(this.#links.continueLink(conversation.id, now, to));
    return this.#queueCapped({ kind: 'confirm', conversationId: conversation.id, to, ...mail }, supportMailCaps.confirm, now);
  }

  async #queueCapped(
    mail: { kind: SupportMailKind; conversationId: string; to: string; subject: string; text: string },
    caps: DailyCaps,
    now: number,
  ): Promise<CapRefusal | undefined> {
    const refused = await queueCappedMail(this.#db, this.#dialect, mail, caps, { now, maxAgeMs: this.#maxAgeMs });
    if (!refused) this.#outbox?.wake();
    return refused;
  }

  /** Mails every conversation's replies its visitor has not seen within replyMailAfterMs; returns how many replies went. */
  async mailUnseenReplies(): Promise<number> {
    if (!this.#outbox) return 0;
    const now = this.#now();
    const window = { from: now - lookBackMs, to: now - this.#replyMailAfterMs, now };
    let mailed = 0;
    for (const id of await conversationsWithUnmailedReplies(this.#db, window.from, window.to)) {
      mailed += await takeUnmailedReplies(this.#db, this.#dialect, id, window, async (trx, email, replies) => {
        const conversation = await findConversation(trx, id);
        if (!conversation) throw new Error(`support conversation ${id} is gone`);
        const mail = replyMail(conversation, replies, this.#links.continueLink(id, now, email));
        await queueMail(trx, { kind: 'reply', conversationId: id, to: email, ...mail }, now, this.#maxAgeMs);
      });
    }
    if (mailed > 0) this.#outbox.wake();
    return mailed;
  }

  /** The team's mail (the contact mail's destination); false when there is none. */
  async mailTeam(notice: { subject: string; text: string; link: string }, conversationId: string | null): Promise<boolean> {
    if (!this.#outbox || !this.#teamAddress) return false;
    await queueMail(this.#db, { kind: 'team', conversationId, to: this.#teamAddress, ...teamMail(notice) }, this.#now(), this.#maxAgeMs);
    this.#outbox.wake();
    return true;
  }
}
