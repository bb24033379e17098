import { loadNodemailer } from '../../lib/lazy-imports.ts';
import type { ContactMessage } from '../contact-repository.ts';
import { describeError, type ChannelResult, type ContactChannel } from './channel.ts';

/** One line, for a header: no line breaks a visitor could use to add headers of their own. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}

export function emailText(message: ContactMessage, siteName: string): string {
  return [
    `New message from the ${siteName} contact form`,
    '',
    `Name:    ${oneLine(message.name)}`,
    `Email:   ${message.email}`,
    `Subject: ${oneLine(message.subject)}`,
    `Sent:    ${new Date(message.createdAt).toISOString()}`,
    `Id:      ${message.id}`,
    '',
    message.message,
    '',
  ].join('\n');
}

/** Delivers by e-mail through SMTP (SMTP_URL) to CONTACT_EMAIL_TO; Reply-To is the visitor. */
export class EmailChannel implements ContactChannel {
  readonly name = 'email' as const;
  readonly #smtpUrl: string;
  readonly #to: string;
  readonly #siteName: string;

  constructor(smtpUrl: string, to: string, siteName: string) {
    this.#smtpUrl = smtpUrl;
    this.#to = to;
    this.#siteName = siteName;
  }

  async send(message: ContactMessage, timeoutMs: number): Promise<ChannelResult> {
    const nodemailer = await loadNodemailer();
    // A transport per message: no idle connection to keep alive between rare messages.
    const transport = nodemailer.createTransport(this.#smtpUrl, {
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    } as object);
    const domain = this.#to.split('@')[1] ?? 'localhost';
    try {
      const info = await transport.sendMail({
        from: { name: `${this.#siteName} contact form`, address: this.#to },
        to: this.#to,
        replyTo: { name: oneLine(message.name), address: message.email },
        subject: `[Contact] ${oneLine(message.subject)}`,
        text: emailText(message, this.#siteName),
        // The same Message-ID on a repeated delivery lets mail clients fold the copies together.
        messageId: `<contact-${message.id}@${domain}>`,
        date: new Date(message.createdAt),
      });
      const code = Number.parseInt(String(info.response ?? ''), 10);
      return { ok: true, statusCode: Number.isFinite(code) ? code : null };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      return { ok: false, statusCode: typeof code === 'number' ? code : null, error: describeError(error) };
    } finally {
      transport.close();
    }
  }
}
