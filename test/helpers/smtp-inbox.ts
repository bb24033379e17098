import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './until.ts';

/** One received mail: its envelope, its headers (unfolded, lower-case names) and its decoded text. */
export interface ReceivedMail {
  to: string[];
  headers: Map<string, string>;
  text: string;
  raw: string;
}

export interface SmtpInbox {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** Mails to one address, in arrival order. */
  to(address: string): ReceivedMail[];
  waitFor(predicate: (inbox: SmtpInbox) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Quoted-printable (RFC 2045), as nodemailer writes long or non-ASCII text. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Splits a raw message into unfolded headers and its decoded body (single-part text, as the app sends). */
export function parseMail(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = raw.slice(split + 4);
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { headers, text };
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that keeps every mail. `failNext(n)` makes the
 * next n messages fail with a 451 (a mailbox temporarily unavailable); `refuse(address, code)`
 * refuses that recipient for good (550 no such mailbox, up to 553).
 */
export async function startSmtpInbox(): Promise<SmtpInbox & { failNext(count: number): void; refuse(address: string, code?: number): void }> {
  const mails: ReceivedMail[] = [];
  let failures = 0;
  const refused = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refused.get(address.address.toLowerCase());
      if (code === undefined) return callback();
      const error = new Error(`Mailbox unavailable: ${address.address}`) as Error & { responseCode: number };
      error.responseCode = code;
      callback(error);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        const { headers, text } = parseMail(raw);
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), headers, text, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const inbox = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address: string) => mails.filter((m) => m.to.includes(address)),
    failNext(count: number) {
      failures = count;
    },
    refuse(address: string, code = 550) {
      refused.set(address.toLowerCase(), code);
    },
    waitFor: (predicate: (i: SmtpInbox) => boolean, timeoutMs = 15_000) =>
      waitFor(() => predicate(inbox), 'the SMTP inbox', { timeoutMs, everyMs: 20, context: () => `${mails.length} mails so far` }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return inbox;
}

/** The first link in a text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string | undefined {
  const at = text.indexOf(prefix);
  if (at < 0) return undefined;
  return /^\S+/.exec(text.slice(at))?.[0];
}
