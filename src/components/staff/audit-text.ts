import type { AuditEntry } from '../../../contracts/audit.ts';
import { auditActionLabels, auditActorTexts, auditAvailabilityLabels, auditConversationText, auditPowerLabels } from '../../data/audit-actions.ts';

/** What an action name means, for the log's readers; an unknown one is shown as it is. */
export function actionLabel(action: string): string {
  return auditActionLabels[action] ?? action;
}

/** What this entry's actor did, as a sentence's verb phrase (a power action names its signal). */
export function entryActionText(entry: AuditEntry): string {
  const signal = entry.action === 'panel.power' ? entry.detail?.signal : undefined;
  if (entry.action === 'support.availability' && typeof entry.detail?.available === 'boolean')
    return entry.detail.available ? auditAvailabilityLabels.on : auditAvailabilityLabels.off;
  return (typeof signal === 'string' ? auditPowerLabels[signal] : undefined) ?? actionLabel(entry.action);
}

/** Who acted, for people: a staff member's display name (their e-mail until they gave one), a customer by their server. */
export function actorLabel(entry: AuditEntry): string {
  const { actor } = entry;
  if (actor.kind === 'anonymous') return auditActorTexts.anonymous;
  if (actor.kind === 'system') return actor.label ?? auditActorTexts.system;
  if (actor.kind === 'customer' && actor.id) return auditActorTexts.customer(actor.id);
  return actor.name ?? actor.label ?? actor.id ?? actor.kind;
}

/** The actor's recorded label when the name shown differs (a staff member's e-mail), for a tooltip or a detail line. */
export function actorDetail(entry: AuditEntry): string | undefined {
  const shown = actorLabel(entry);
  return entry.actor.kind === 'staff' && entry.actor.label && entry.actor.label !== shown ? entry.actor.label : undefined;
}

/** The target, when it adds something to the sentence (not the customer's own server, not the actor again). */
export function targetText(entry: AuditEntry): string | undefined {
  const { target, actor, detail } = entry;
  // A support conversation by its visitor and subject; a saved reply by its title (their ids are in the detail line).
  if (entry.action.startsWith('support.') && detail && ('visitor' in detail || 'subject' in detail)) {
    const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
    return auditConversationText(text(detail.visitor), text(detail.subject));
  }
  if (entry.action.startsWith('support.saved_reply.') && typeof detail?.title === 'string') return `“${detail.title}”`;
  if (entry.action === 'support.availability' && target === actor.id) return undefined;
  if (!target || target === actor.label || (actor.kind === 'customer' && target === actor.id)) return undefined;
  return target;
}

/** Detail keys the sentence already says (the conversation's visitor and subject, a saved reply's title, the availability). */
const saidInSentence: Readonly<Record<string, readonly string[]>> = {
  'support.availability': ['available'],
  'support.saved_reply.create': ['title'],
  'support.saved_reply.update': ['title'],
  'support.saved_reply.delete': ['title'],
};

export function detailText(entry: AuditEntry): string {
  if (!entry.detail) return '';
  const said = entry.action.startsWith('support.') ? ['visitor', 'subject', ...(saidInSentence[entry.action] ?? [])] : [];
  const conversation = entry.action.startsWith('support.') && entry.target && 'visitor' in entry.detail ? `conversation: ${entry.target}` : '';
  const rest = Object.entries(entry.detail)
    .filter(([key]) => !said.includes(key))
    .filter(([, value]) => value !== null && value !== '')
    .map(([key, value]) => `${key}: ${String(value)}`);
  return [conversation, ...rest].filter(Boolean).join(' · ');
}
