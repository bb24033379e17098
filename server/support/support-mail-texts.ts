import { brandName } from '../../contracts/brand.ts';
import type { Message } from './support-records.ts';

/** A mail as the desk writes it: a subject line and plain text (never HTML). */
export interface MailText {
  subject: string;
  text: string;
}

const stamp = (at: number): string => `${new Date(at).toISOString().replace('T', ' ').slice(0, 16)} UTC`;

function speaker(message: Message): string {
  if (message.author === 'visitor') return message.authorName ? `${message.authorName} (you)` : 'You';
  if (message.author === 'staff') return `${message.authorName ?? 'Our team'} (${brandName})`;
  return brandName;
}

function lines(messages: readonly Message[]): string[] {
  return messages.flatMap((m) => [`${speaker(m)}, ${stamp(m.createdAt)}:`, m.body, '']);
}

const subjectOf = (subject: string | null): string => (subject ? `Re: ${subject}` : `Your conversation with ${brandName} support`);

/** Replies the visitor has not seen in the browser, with the link that reopens the conversation. */
export function replyMail(conversation: { subject: string | null }, replies: readonly Message[], link: string): MailText {
  const count = replies.length === 1 ? 'a reply' : `${replies.length} replies`;
  return {
    subject: subjectOf(conversation.subject),
    text: [
      `Hello,`,
      '',
      `Our team sent you ${count} in your conversation with ${brandName} support:`,
      '',
      ...lines(replies),
      'To answer, continue the conversation in your browser (on any device):',
      link,
      '',
      'This link opens your conversation; do not share it. Replying to this e-mail does not reach us.',
      '',
      `${brandName} support`,
    ].join('\n'),
  };
}

/** The whole conversation as the visitor saw it (no internal notes). */
export function transcriptMail(conversation: { subject: string | null; createdAt: number }, messages: readonly Message[], link: string): MailText {
  return {
    subject: `Transcript: ${conversation.subject ?? `your conversation with ${brandName} support`}`,
    text: [
      `The transcript of your conversation with ${brandName} support, started ${stamp(conversation.createdAt)}.`,
      '',
      ...lines(messages),
      'Continue the conversation in your browser:',
      link,
      '',
      `${brandName} support`,
    ].join('\n'),
  };
}

/**
 * The link that proves an address (docs/decisions.md 72). Fixed words only: anyone may type any
 * address into a chat, so nothing a visitor wrote (name, message, subject) is in it.
 */
export function confirmMail(link: string): MailText {
  return {
    subject: `Confirm your address for ${brandName} support`,
    text: [
      `Hello,`,
      '',
      `Someone asked ${brandName} support to send the transcript of a conversation to this address.`,
      'If that was you, open the conversation in your browser to confirm the address (press "Open the conversation"):',
      link,
      '',
      'If it was not you, ignore this e-mail: nothing of the conversation is sent here unless the link is opened.',
      '',
      `${brandName} support`,
    ].join('\n'),
  };
}

/** What the team is told about a conversation nobody answered (through notifyTeam). */
export function unansweredNotice(conversation: { name: string | null; email: string | null; page: string | null; preview: string }, minutes: number) {
  const who = conversation.name ?? conversation.email ?? 'A visitor';
  return {
    subject: `Unanswered for ${minutes} min: ${who}`,
    text: [
      `${who} has been waiting ${minutes} minutes for an answer${conversation.page ? ` (started on ${conversation.page})` : ''}.`,
      '',
      conversation.preview,
    ].join('\n'),
  };
}

/** The team's mail of a notifyTeam call (the contact mail's destination). */
export function teamMail(notice: { subject: string; text: string; link: string }): MailText {
  return { subject: `[Support] ${notice.subject}`, text: `${notice.text}\n\nOpen it in the console:\n${notice.link}\n` };
}
