import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { emailLinkMinutes } from '../../contracts/accounts-rules.ts';
import type { Database } from '../db/schema.ts';
import { clientKey } from '../lib/client-key.ts';
import { HttpError } from '../lib/http-error.ts';
import type { SmtpSender } from '../outbox/smtp-sender.ts';
import { hashToken, randomToken } from '../staff/staff-tokens.ts';
import { emailLinkMail } from './email-link-mail.ts';
import type { KnownAddresses } from './known-addresses.ts';
import { countLinkRequests, findEmailLink, insertEmailLink, insertLinkRequest, spendEmailLink } from './signin-repository.ts';

export const emailLinkMs = emailLinkMinutes * 60_000;

export interface LinkLimits {
  windowMs: number;
  /** Links one address may be sent in the window (counted for every address, known or not). */
  perAddress: number;
  /** Requests one client (an IPv4 address, an IPv6 /64) may make in the window. */
  perClient: number;
}

export const defaultLinkLimits: LinkLimits = { windowMs: 15 * 60_000, perAddress: 3, perClient: 10 };

export const linkRequestedMessage = `If this address belongs to a customer of ours, a sign-in link is on its way. It works once, for ${emailLinkMinutes} minutes.`;

interface Deps {
  db: Kysely<Database>;
  now: () => number;
  log: FastifyBaseLogger;
  publicUrl: string;
  mailFrom: string;
  known: KnownAddresses;
  /** Undefined when SMTP_URL is unset: this way of signing in is off. */
  smtp: SmtpSender | undefined;
  limits: LinkLimits;
}

const emailHash = (email: string) => createHash('sha256').update(email).digest('hex');

/**
 * Sign-in by e-mail link (docs/decisions.md 76). A request is counted and answered before the
 * address is looked at: known or unknown, the answer, its status and its timing are the same,
 * and whether a mail goes out is decided afterwards. A link is single-use and lasts 15 minutes.
 */
export class EmailLinkSignIn {
  private readonly deps: Deps;
  /** Mails being decided and sent: close waits for them; tests wait for them too. */
  private readonly pending = new Set<Promise<void>>();

  constructor(deps: Deps) {
    this.deps = deps;
  }

  get enabled(): boolean {
    return this.deps.smtp !== undefined;
  }

  /** Counts the request against both limits, then answers; the mail (or none) follows. */
  async request(email: string, clientIp: string): Promise<void> {
    if (!this.deps.smtp) throw new HttpError(503, 'email_signin_off', 'Sign-in by e-mail is not available on this site. Please use another way to sign in.');
    const address = email.trim().toLowerCase();
    const now = this.deps.now();
    const since = now - this.deps.limits.windowMs;
    const key = clientKey(clientIp);
    const fromClient = await countLinkRequests(this.deps.db, since, { clientKey: key });
    if (fromClient.count >= this.deps.limits.perClient) throw this.refusal(fromClient.oldest ?? now, now, 'from your address');
    const forAddress = await countLinkRequests(this.deps.db, since, { emailHash: emailHash(address) });
    if (forAddress.count >= this.deps.limits.perAddress) throw this.refusal(forAddress.oldest ?? now, now, 'for this e-mail address');
    await insertLinkRequest(this.deps.db, { emailHash: emailHash(address), clientKey: key, at: now });
    const work = this.sendIfKnown(address, now).catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'accounts: a sign-in link could not be sent');
    });
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private async sendIfKnown(address: string, at: number): Promise<void> {
    if (!(await this.deps.known.isKnown(address))) return;
    const token = randomToken();
    await insertEmailLink(this.deps.db, { tokenHash: hashToken(token), email: address, createdAt: at, expiresAt: at + emailLinkMs, usedAt: null });
    const mail = emailLinkMail({ to: address, token, publicUrl: this.deps.publicUrl, from: this.deps.mailFrom, at });
    const result = await this.deps.smtp!.send(mail, 15_000);
    // The log names neither the address nor the link: a log line must sign no one in.
    if (!result.ok) this.deps.log.warn({ statusCode: result.statusCode, error: result.error }, 'accounts: the sign-in mail was refused');
  }

  /** Resolves once every mail decided so far has gone (or failed). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Uses up a link and returns its (now verified) address; refusals say what is wrong with the link. */
  async use(token: string): Promise<string> {
    const tokenHash = hashToken(token);
    const link = await findEmailLink(this.deps.db, tokenHash);
    if (!link) {
      throw new HttpError(404, 'link_unknown', 'This sign-in link is not valid: it may be incomplete. Ask for a new one on the sign-in page.');
    }
    if (link.usedAt !== null) throw usedLink();
    if (link.expiresAt <= this.deps.now()) {
      throw new HttpError(
        410,
        'link_expired',
        `This sign-in link has expired (links work for ${emailLinkMinutes} minutes). Ask for a new one on the sign-in page.`,
      );
    }
    if (!(await spendEmailLink(this.deps.db, tokenHash, this.deps.now()))) throw usedLink();
    return link.email;
  }

  private refusal(oldest: number, now: number, where: string): HttpError {
    const seconds = Math.max(1, Math.ceil((oldest + this.deps.limits.windowMs - now) / 1000));
    const minutes = Math.ceil(seconds / 60);
    return new HttpError(
      429,
      'rate_limited',
      `Too many sign-in links asked ${where}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      {
        headers: { 'retry-after': String(seconds) },
      },
    );
  }
}

const usedLink = () => new HttpError(410, 'link_used', 'This sign-in link was already used: each link works once. Ask for a new one on the sign-in page.');
