import { oneLine, SmtpSender } from '../../outbox/smtp-sender.ts';
import type { ContactChannel } from '../contact-outbox.ts';
import type { ContactMessage } from '../contact-repository.ts';

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

/**
 * Delivers by e-mail through SMTP (SMTP_URL) to CONTACT_EMAIL_TO; Reply-To is the visitor. One
 * connection per message (messages are rare); a permanent refusal (550–553) is final.
 */
export class EmailChannel implements ContactChannel {
  readonly name = 'email' as const;
  readonly #sender: SmtpSender;
  readonly #to: string;
  readonly #siteName: string;

  constructor(smtpUrl: string, to: string, siteName: string) {
    this.#sender = new SmtpSender(smtpUrl, { pool: false });
    this.#to = to;
    this.#siteName = siteName;
  }

  send({ message }: { message: ContactMessage }, timeoutMs: number) {
    const domain = this.#to.split('@')[1] ?? 'localhost';
    return this.#sender.send(
      {
        from: { name: `${this.#siteName} contact form`, address: this.#to },
        to: this.#to,
        replyTo: { name: message.name, address: message.email },
        subject: `[Contact] ${message.subject}`,
        text: emailText(message, this.#siteName),
        messageId: `<contact-${message.id}@${domain}>`,
        date: new Date(message.createdAt),
      },
      timeoutMs,
    );
  }

  close(): Promise<void> {
    return this.#sender.close();
  }
}
