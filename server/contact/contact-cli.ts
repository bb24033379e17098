import type { Kysely } from 'kysely';
import type { AppConfig } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { terminalSafe, terminalSafeLines } from '../lib/terminal-text.ts';
import { outboxMaxAgeMs } from '../outbox/outbox-options.ts';
import { attemptsOf, deliveriesOf, failedMessageIds, findMessage, listMessages, retryMessage } from './contact-operator-repository.ts';
import type { ContactDelivery, ContactMessage } from './contact-repository.ts';
import { purgeOldMessages } from './contact-service.ts';
import type { ContactChannelName } from './contact-tables.ts';

export const contactCliUsage = `Contact messages, for operators (reads DATABASE_URL):
  npm run contact -- list [--failed] [--limit N]   newest messages first, with their delivery state
  npm run contact -- show ID                       one message in full, its deliveries and every attempt
  npm run contact -- retry ID                      queue a message's undelivered channels again (fresh 24 h)
  npm run contact -- retry --failed                the same for every message whose delivery failed
  npm run contact -- purge [--older-than DAYS]     delete delivered and stored-only messages older than
                                                   DAYS (CONTACT_RETENTION_DAYS by default); undelivered stay
ID may be the first characters of the id, as list prints it.`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** 2026-11-21 13:49:42 UTC */
export function formatTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function clip(text: string, width: number): string {
  const flat = terminalSafe(text.replace(/[ \t\n]+/g, ' '));
  return flat.length <= width ? flat.padEnd(width) : `${flat.slice(0, width - 1)}…`;
}

function deliveryState(d: ContactDelivery, now: number): string {
  const tries = `${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`;
  if (d.status === 'delivered') return `${d.channel} delivered`;
  if (d.status === 'failed') return `${d.channel} FAILED (${tries})`;
  const when = d.nextAttemptAt <= now ? 'due now' : `next ${formatTime(d.nextAttemptAt).slice(11, 19)}`;
  return `${d.channel} pending (${tries}, ${when})`;
}

/** The channels this environment configures (what the server started with the same env delivers to). */
export function channelNames(config: AppConfig): ContactChannelName[] {
  const names: ContactChannelName[] = [];
  if (config.contact.webhookUrl) names.push('webhook');
  if (config.contact.smtpUrl && config.contact.emailTo) names.push('email');
  return names;
}

async function list(db: Kysely<Database>, args: string[], io: CliIo): Promise<number> {
  let failed = false;
  let limit = 50;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--failed') failed = true;
    else if (arg === '--limit') {
      limit = Number(args[++i]);
      if (!Number.isInteger(limit) || limit < 1) {
        io.err('--limit takes a whole number of messages, like --limit 100');
        return 2;
      }
    } else {
      io.err(`Unknown option ${arg}\n\n${contactCliUsage}`);
      return 2;
    }
  }
  const rows = await listMessages(db, { failed, limit });
  if (rows.length === 0) {
    io.out(failed ? 'No message has a failed delivery.' : 'No contact messages yet.');
    return 0;
  }
  const now = Date.now();
  io.out(`${'ID'.padEnd(8)}  ${'RECEIVED'.padEnd(23)}  ${'FROM'.padEnd(36)}  ${'SUBJECT'.padEnd(28)}  DELIVERY`);
  for (const { message, deliveries } of rows) {
    const from = `${message.name} <${message.email}>`;
    const state = deliveries.length ? deliveries.map((d) => deliveryState(d, now)).join(', ') : 'stored only (no channel)';
    io.out(`${message.id.slice(0, 8)}  ${formatTime(message.createdAt)}  ${clip(from, 36)}  ${clip(message.subject, 28)}  ${state}`);
  }
  io.out(
    `\n${rows.length} message${rows.length === 1 ? '' : 's'}${failed ? ' with a failed delivery' : ''}, newest first. Details: npm run contact -- show ID`,
  );
  return 0;
}

async function resolve(db: Kysely<Database>, id: string | undefined, io: CliIo): Promise<ContactMessage | number> {
  if (!id) {
    io.err(`Give a message id.\n\n${contactCliUsage}`);
    return 2;
  }
  const found = await findMessage(db, id);
  if (found === 'ambiguous') {
    io.err(`More than one message id starts with ${id}; give more characters.`);
    return 1;
  }
  if (!found) {
    io.err(`No contact message with id ${id}. List them with: npm run contact -- list`);
    return 1;
  }
  return found;
}

async function show(db: Kysely<Database>, args: string[], io: CliIo): Promise<number> {
  const message = await resolve(db, args[0], io);
  if (typeof message === 'number') return message;
  const deliveries = await deliveriesOf(db, message.id);
  const attempts = await attemptsOf(db, message.id);
  const now = Date.now();
  io.out(`Message ${message.id}`);
  io.out(`Received: ${formatTime(message.createdAt)}`);
  // What visitors wrote is escaped: it cannot write control sequences to this terminal.
  io.out(`From:     ${terminalSafe(message.name)} <${terminalSafe(message.email)}>`);
  io.out(`IP:       ${terminalSafe(message.ip)}${message.userAgent ? `  (${terminalSafe(message.userAgent)})` : ''}`);
  io.out(`Subject:  ${terminalSafe(message.subject)}`);
  io.out('');
  io.out(terminalSafeLines(message.message));
  io.out('');
  io.out('Deliveries:');
  if (deliveries.length === 0) io.out('  none: stored only (no channel was configured). Queue it with: npm run contact -- retry ID');
  for (const d of deliveries) {
    let line = `  ${deliveryState(d, now)}`;
    if (d.status === 'delivered' && d.deliveredAt) line += ` at ${formatTime(d.deliveredAt)} (attempt ${d.attempts})`;
    if (d.status === 'pending') line += `; gives up at ${formatTime(d.expiresAt)}`;
    if (d.status !== 'delivered' && d.lastError) line += `; last error: ${terminalSafe(d.lastError)}`;
    io.out(line);
  }
  io.out('');
  io.out('Attempts:');
  if (attempts.length === 0) io.out('  none yet');
  for (const a of attempts) {
    const detail = terminalSafe(a.error ?? (a.statusCode !== null ? `status ${a.statusCode}` : ''));
    io.out(`  ${formatTime(a.startedAt)}  ${a.channel.padEnd(7)}  #${String(a.attempt).padEnd(3)} ${a.outcome.padEnd(12)}  ${a.durationMs} ms  ${detail}`);
  }
  return 0;
}

async function retry(db: Kysely<Database>, config: AppConfig, args: string[], io: CliIo): Promise<number> {
  const channels = channelNames(config);
  const now = Date.now();
  if (args[0] === '--failed') {
    const ids = await failedMessageIds(db);
    if (ids.length === 0) {
      io.out('No message has a failed delivery.');
      return 0;
    }
    for (const id of ids) {
      const queued = await retryMessage(db, id, channels, now, outboxMaxAgeMs);
      io.out(`${id.slice(0, 8)}  queued again: ${queued.join(', ')}`);
    }
    io.out(`\n${ids.length} message${ids.length === 1 ? '' : 's'} queued again; a running server delivers them within seconds.`);
    return 0;
  }
  const message = await resolve(db, args[0], io);
  if (typeof message === 'number') return message;
  const queued = await retryMessage(db, message.id, channels, now, outboxMaxAgeMs);
  if (queued.length === 0) {
    const deliveries = await deliveriesOf(db, message.id);
    if (deliveries.length === 0) {
      io.err(
        'This message has no delivery, and no channel is configured here: set CONTACT_WEBHOOK_URL (or SMTP_URL and CONTACT_EMAIL_TO) as the server has them, and run this again.',
      );
      return 1;
    }
    io.out(`Nothing to retry: message ${message.id} was delivered to ${deliveries.map((d) => d.channel).join(' and ')}.`);
    return 0;
  }
  io.out(`Message ${message.id} queued again for ${queued.join(' and ')}; a running server delivers it within seconds.`);
  return 0;
}

async function purge(db: Kysely<Database>, config: AppConfig, args: string[], io: CliIo): Promise<number> {
  let days = config.contact.retentionDays;
  if (args[0] === '--older-than') {
    days = Number(args[1]);
    if (!/^\d+$/.test(args[1] ?? '') || days < 1 || args.length > 2) {
      io.err('--older-than takes a whole number of days, at least 1, like --older-than 180');
      return 2;
    }
  } else if (args.length > 0) {
    io.err(`Unknown option ${args[0]}\n\n${contactCliUsage}`);
    return 2;
  } else if (days === 0) {
    io.err('CONTACT_RETENTION_DAYS is 0 (keep every message); say how old with --older-than DAYS.');
    return 2;
  }
  const { deleted, kept } = await purgeOldMessages(db, days);
  io.out(`Deleted ${deleted} message${deleted === 1 ? '' : 's'} older than ${days} day${days === 1 ? '' : 's'}.`);
  if (kept > 0) io.out(`Kept ${kept} as old whose delivery is pending or failed: see npm run contact -- list --failed`);
  return 0;
}

/** Runs one CLI command; returns the exit code (0 done, 1 failed, 2 wrong usage). */
export async function runContactCli(argv: string[], deps: { db: Kysely<Database>; config: AppConfig } & CliIo): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case 'list':
      return list(deps.db, args, deps);
    case 'show':
      return show(deps.db, args, deps);
    case 'retry':
      return retry(deps.db, deps.config, args, deps);
    case 'purge':
      return purge(deps.db, deps.config, args, deps);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      (command ? deps.out : deps.err)(contactCliUsage);
      return command ? 0 : 2;
    default:
      deps.err(`Unknown command ${command}\n\n${contactCliUsage}`);
      return 2;
  }
}
