import { randomUUID } from 'node:crypto';
import { brandName } from '../../contracts/brand.ts';
import { emailLinkMinutes, emailLinkPath } from '../../contracts/accounts-rules.ts';
import type { OutgoingMail } from '../outbox/smtp-sender.ts';

/**
 * The sign-in mail. The token rides in the link's fragment (after #), which browsers never
 * send: it reaches neither our access logs nor a proxy's. The page it opens signs in only when
 * the person presses its button (a POST), so a mail scanner that opens links uses nothing.
 */
export function emailLinkMail(input: { to: string; token: string; publicUrl: string; from: string; at: number }): OutgoingMail {
  const link = `${input.publicUrl}${emailLinkPath}#${input.token}`;
  const host = new URL(input.publicUrl).hostname;
  return {
    from: { name: brandName, address: input.from },
    to: input.to,
    subject: `Your ${brandName} sign-in link`,
    text: [
      'Hello,',
      '',
      `Someone, probably you, asked to sign in to ${brandName} (${host}) with this address. Open this link to sign in:`,
      '',
      link,
      '',
      `The link works once, for ${emailLinkMinutes} minutes. If you did not ask for it, ignore this mail: nobody can sign in without the link.`,
      '',
      `${brandName}`,
    ].join('\n'),
    messageId: `<signin-${randomUUID()}@${/[a-z]/i.test(host) ? host : 'localhost'}>`,
    date: new Date(input.at),
  };
}
