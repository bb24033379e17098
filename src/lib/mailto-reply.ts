/**
 * A link that opens the reader's mail client with a reply to a contact message: addressed to
 * the sender, with the subject "Re: …". Both are percent-encoded, so an address or
 * a subject with ?, &, # or % cannot add header fields, and line breaks or control characters
 * in a subject become spaces (a mail client could read %0A as the start of another header).
 */
import { hiddenCharacters } from './visible-text.ts';

/** "Re: " and the subject, once: a subject that already starts with Re: keeps it. */
export function replySubject(subject: string): string {
  const clean = subject.replace(hiddenCharacters, ' ').replace(/\s+/g, ' ').trim();
  return /^re:/i.test(clean) ? clean : `Re: ${clean}`;
}

export function mailtoReply(email: string, subject: string): string {
  const at = email.lastIndexOf('@');
  const address = at < 0 ? encodeURIComponent(email) : `${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
  return `mailto:${address}?subject=${encodeURIComponent(replySubject(subject))}`;
}
