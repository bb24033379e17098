import type { Transporter } from 'nodemailer';
import { loadNodemailer } from '../../lib/lazy-imports.ts';
import { describeError, type ChannelResult } from '../../outbox/channel-result.ts';

/** One mail, written (notification-content.ts). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The same id on a repeated delivery lets mail clients fold the copies together. */
  messageId: string;
  /** RFC 8058: List-Unsubscribe (the one-click URL) and List-Unsubscribe-Post. */
  unsubscribeUrl: string;
  listId: string;
}

/** One line, for a header: no line breaks that could add headers of their own. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}

/**
 * Sends status mail through SMTP (SMTP_URL) from STATUS_MAIL_FROM, over a small pool of
 * connections kept while the outbox runs (notifications come in bursts: one per subscriber).
 * The transport (and nodemailer) is made for the first mail, not at start.
 */
export class MailSender {
  #transport: Promise<Transporter> | undefined;
  readonly #smtpUrl: string;
  readonly #timeoutMs: number;
  readonly #from: { name: string; address: string };

  constructor(smtpUrl: string, from: { name: string; address: string }, timeoutMs: number) {
    this.#smtpUrl = smtpUrl;
    this.#from = from;
    this.#timeoutMs = timeoutMs;
  }

  #transporter(): Promise<Transporter> {
    this.#transport ??= loadNodemailer().then((nodemailer) =>
      nodemailer.createTransport(this.#smtpUrl, {
        pool: true,
        maxConnections: 2,
        connectionTimeout: this.#timeoutMs,
        greetingTimeout: this.#timeoutMs,
        socketTimeout: this.#timeoutMs,
      } as object),
    );
    return this.#transport;
  }

  async send(mail: OutgoingMail): Promise<ChannelResult> {
    const transport = await this.#transporter();
    try {
      const info = await transport.sendMail({
        from: this.#from,
        to: mail.to,
        subject: oneLine(mail.subject),
        text: mail.text,
        messageId: mail.messageId,
        headers: {
          'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'List-Id': mail.listId,
          // An automatic message: no out-of-office replies to it (RFC 3834).
          'Auto-Submitted': 'auto-generated',
        },
      });
      const code = Number.parseInt(String(info.response ?? ''), 10);
      return { ok: true, statusCode: Number.isFinite(code) ? code : null };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      // 5xx about the recipient (no such mailbox) will not change by trying again.
      const final = typeof code === 'number' && code >= 550 && code <= 553;
      return { ok: false, statusCode: typeof code === 'number' ? code : null, error: describeError(error), ...(final ? { final: true } : {}) };
    }
  }

  async close(): Promise<void> {
    if (this.#transport) (await this.#transport).close();
  }
}
