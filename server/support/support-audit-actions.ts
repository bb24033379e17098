import type { Conversation } from './support-records.ts';

/**
 * Audit actions of the support desk (the one audit log, server/audit/). The staff console reads
 * each as a sentence (src/data/audit-actions.ts; test/unit/audit-text.test.ts checks every one
 * has one).
 */
export const supportAuditActions = {
  reply: 'support.reply',
  note: 'support.note',
  resolve: 'support.resolve',
  reopen: 'support.reopen',
  assign: 'support.assign',
  availability: 'support.availability',
  hours: 'support.hours',
  savedReplyCreate: 'support.saved_reply.create',
  savedReplyUpdate: 'support.saved_reply.update',
  savedReplyDelete: 'support.saved_reply.delete',
} as const;

/**
 * The conversation an entry is about, as people name it (docs/decisions.md 92): its visitor (the
 * name they gave, else their address, else none) and its subject, beside the id kept as target.
 */
export function conversationNamed(c: Pick<Conversation, 'name' | 'email' | 'subject'>): { visitor: string | null; subject: string | null } {
  return { visitor: c.name ?? c.email ?? null, subject: c.subject };
}
