import nodemailer, { type Transporter } from 'nodemailer';
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
 */
export class MailSender {
  readonly #transport: Transporter;
  readonly #from: { name: string; address: string };

  constructor(smtpUrl: string, from: { name: string; address: string }, timeoutMs: number) {
    this.#from = from;
    this.#transport = nodemailer.createTransport(smtpUrl, {
      pool: true,
      maxConnections: 2,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    } as object);
  }

  async send(mail: OutgoingMail): Promise<ChannelResult> {
    try {
      const info = await this.#transport.sendMail({
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
    this.#transport.close();
  }
}
