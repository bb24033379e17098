import type { Transporter } from 'nodemailer';
import { loadNodemailer } from '../lib/lazy-imports.ts';
import { describeError, type ChannelResult } from './channel.ts';

/** One mail, written by the queue that sends it. */
export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  /** The same id on a repeated delivery lets mail clients fold the copies together. */
  messageId: string;
  date?: Date;
  headers?: Record<string, string>;
}

/** One line, for a header: no line breaks that could add headers of their own. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}

/**
 * Refusals about the recipient (550 no such mailbox, 551 not local, 552 storage exceeded for
 * good, 553 the address is not allowed): trying again will not change them (RFC 5321 4.2.2).
 */
export function isPermanentRefusal(code: number | undefined): boolean {
  return typeof code === 'number' && code >= 550 && code <= 553;
}

/**
 * Sends mail through SMTP (SMTP_URL), for every outbox that sends mail. `pool` keeps a small
 * pool of connections while the outbox runs (status notifications come in bursts: one per
 * subscriber); without it each mail opens and closes its own connection (contact messages are
 * rare). A permanent refusal (550–553) is a final result; anything else is worth trying again.
 * nodemailer is loaded for the first mail, not at start (server/lib/lazy-imports.ts).
 */
export class SmtpSender {
  readonly #smtpUrl: string;
  readonly #pool: boolean;
  #pooled: Transporter | undefined;

  constructor(smtpUrl: string, options: { pool: boolean }) {
    this.#smtpUrl = smtpUrl;
    this.#pool = options.pool;
  }

  async #transport(timeoutMs: number): Promise<Transporter> {
    const nodemailer = await loadNodemailer();
    const settings = { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs };
    if (!this.#pool) return nodemailer.createTransport(this.#smtpUrl, settings as object);
    this.#pooled ??= nodemailer.createTransport(this.#smtpUrl, { pool: true, maxConnections: 2, ...settings } as object);
    return this.#pooled;
  }

  /** Sends one mail; never throws (failures are results). */
  async send(mail: OutgoingMail, timeoutMs: number): Promise<ChannelResult> {
    const transport = await this.#transport(timeoutMs);
    try {
      const info = await transport.sendMail({
        from: mail.from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: { name: oneLine(mail.replyTo.name), address: mail.replyTo.address } } : {}),
        subject: oneLine(mail.subject),
        text: mail.text,
        messageId: mail.messageId,
        ...(mail.date ? { date: mail.date } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      const code = Number.parseInt(String(info.response ?? ''), 10);
      return { ok: true, statusCode: Number.isFinite(code) ? code : null };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      return {
        ok: false,
        statusCode: typeof code === 'number' ? code : null,
        error: describeError(error),
        ...(isPermanentRefusal(code) ? { final: true } : {}),
      };
    } finally {
      if (!this.#pool) transport.close();
    }
  }

  async close(): Promise<void> {
    this.#pooled?.close();
    this.#pooled = undefined;
  }
}
