import { z } from 'zod';
import { plainText } from '../alert-messages.ts';
import { defineChannelKind } from './channel-kind.ts';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const subjectTag = { down: 'DOWN', reminder: 'DOWN', recovered: 'RECOVERED', test: 'TEST', notice: 'NOTICE' } as const;

/** E-mail through the one SMTP sender (SMTP_URL); without it a delivery fails at once and says why. */
export const emailChannel = defineChannelKind({
  kind: 'email',
  label: 'E-mail',
  target: { label: 'E-mail address', hint: 'The address alerts are mailed to (the server’s SMTP_URL sends them).', input: 'email' },
  settings: z.strictObject({}),
  async check({ target }, { mail }) {
    if (!mail) return { field: 'kind', message: 'e-mail needs SMTP_URL, which is not set on this server' };
    if (!emailPattern.test(target) || target.length > 254) return { field: 'target', message: 'must be an e-mail address' };
    return undefined;
  },
  targetHint(target) {
    const [local = '', domain = ''] = target.split('@');
    return `${local.slice(0, 1)}…@${domain}`;
  },
  async send({ job, message, timeoutMs, mail }) {
    if (!mail.sender) return { ok: false, statusCode: null, error: 'SMTP_URL is not set: e-mail cannot be sent', final: true };
    return mail.sender.send(
      {
        from: mail.from,
        to: job.channel.target,
        subject: `[${subjectTag[job.delivery.kind]}] ${message.headline}`,
        text: plainText(message),
        messageId: `<${message.key}@${mail.domain}>`,
        // An automatic message: no out-of-office replies to it (RFC 3834).
        headers: { 'Auto-Submitted': 'auto-generated' },
      },
      timeoutMs,
    );
  },
});
