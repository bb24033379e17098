import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { StockWatchInput } from '../../contracts/stock.ts';
import { stockWatchConfirmationsPerDay, stockWatchConfirmPath } from '../../contracts/stock-rules.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { Signer } from '../lib/signed-token.ts';
import { keyOf } from './stock-repository.ts';
import type { StockService } from './stock-service.ts';
import { confirmWatch, notifyWatch, requestWatch, type StockMail, waitingWatches, watchById } from './stock-watch-repository.ts';

/** How long a confirmation link works, and how long an unconfirmed request is kept (as status subscriptions). */
export const watchConfirmWindowMs = 7 * 24 * 60 * 60 * 1000;

export interface StockWatchDeps {
  db: Kysely<Database>;
  stock: StockService;
  log: FastifyBaseLogger;
  publicUrl: string;
  secret: string;
  now: () => number;
  /** Mail is retried for this long (the outbox's window). */
  maxAgeMs: number;
  /** Called when mail was queued, so the outbox looks now. */
  onQueued: () => void;
}

/**
 * "Tell me when it is back" (docs/decisions.md 103): a request is confirmed by a link mailed to
 * the address (double opt-in, as status subscriptions), and a confirmed request gets exactly one
 * mail once the plan is orderable at that location again, then it is done.
 */
export class StockWatchService {
  readonly #deps: StockWatchDeps;
  readonly #signer: Signer;

  constructor(deps: StockWatchDeps) {
    this.#deps = deps;
    this.#signer = new Signer(deps.secret, 'stock watch confirm');
  }

  /** The same answer whether the address was new, waiting already or out of confirmations for the day. */
  async request(input: StockWatchInput): Promise<{ message: string }> {
    const sold = await this.#deps.stock.sold(input);
    const now = this.#deps.now();
    const queued = await requestWatch(
      this.#deps.db,
      { ...input, email: input.email.trim().toLowerCase() },
      { now, maxAgeMs: this.#deps.maxAgeMs, maxPerDay: stockWatchConfirmationsPerDay },
    );
    if (queued) this.#deps.onQueued();
    return {
      message: `Almost done: we sent a confirmation link to that address. Once it is confirmed, we mail you once when ${sold.name} is back at ${sold.locationName}.`,
    };
  }

  confirmLink(watch: { id: number; createdAt: number }): string {
    return `${this.#deps.publicUrl}${stockWatchConfirmPath}#token=${this.#signer.sign(`${watch.id}.${watch.createdAt.toString(36)}`)}`;
  }

  async confirm(token: string): Promise<{ planName: string; locationName: string; message: string }> {
    const expired = new HttpError(404, 'link_expired', 'This confirmation link has expired. Ask again on the plan page to get a new one.');
    const match = this.#signer.verify(token)?.match(/^(\d{1,15})\.([0-9a-z]{1,12})$/);
    if (!match) throw expired;
    const watch = await watchById(this.#deps.db, Number(match[1]));
    if (!watch || watch.createdAt !== Number.parseInt(match[2]!, 36) || watch.createdAt + watchConfirmWindowMs < this.#deps.now()) throw expired;
    await confirmWatch(this.#deps.db, watch.id, this.#deps.now());
    const sold = await this.#deps.stock.sold(watch);
    await this.fanOut();
    return {
      planName: sold.name,
      locationName: sold.locationName,
      message: `Confirmed: we will mail you once when ${sold.name} can be ordered at ${sold.locationName} again.`,
    };
  }

  /** Queues the one mail of every confirmed request whose plan is orderable at its location now. */
  async fanOut(): Promise<number> {
    const waiting = await waitingWatches(this.#deps.db);
    if (waiting.length === 0) return 0;
    const { stock } = await this.#deps.stock.entries();
    const orderable = new Set(stock.filter((e) => e.orderable).map(keyOf));
    let queued = 0;
    for (const watch of waiting) {
      if (!orderable.has(keyOf(watch))) continue;
      if (await notifyWatch(this.#deps.db, watch.id, this.#deps.now(), this.#deps.maxAgeMs)) queued += 1;
    }
    if (queued) {
      this.#deps.log.info({ queued }, 'stock: "tell me" mails queued, plans are back');
      this.#deps.onQueued();
    }
    return queued;
  }

  /** Confirmed requests waiting, per plan and location (the console shows them). */
  async waitingCounts(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const w of await waitingWatches(this.#deps.db)) counts.set(keyOf(w), (counts.get(keyOf(w)) ?? 0) + 1);
    return counts;
  }

  /** Writes a queued mail (the link derived now, never stored). */
  async write(mail: StockMail): Promise<{ subject: string; text: string }> {
    const sold = await this.#deps.stock.sold(mail.watch).catch(() => ({ name: mail.watch.plan, route: '/products', locationName: mail.watch.location }));
    if (mail.kind === 'confirm') {
      return {
        subject: `Confirm: tell me when ${sold.name} is back at ${sold.locationName}`,
        text: [
          `Someone (we hope you) asked to be told when ${sold.name} can be ordered at ${sold.locationName} again.`,
          '',
          `Confirm with this link (it works for 7 days): ${this.confirmLink(mail.watch)}`,
          '',
          'If it was not you, ignore this mail: nothing else is sent until the link is used.',
        ].join('\n'),
      };
    }
    return {
      subject: `${sold.name} is back at ${sold.locationName}`,
      text: [
        `${sold.name} can be ordered at ${sold.locationName} again.`,
        '',
        `Order it here: ${this.#deps.publicUrl}${sold.route}`,
        '',
        'This is the one mail you asked for; we will not write again about it.',
      ].join('\n'),
    };
  }
}
