import type { AuditEntry } from '../../../contracts/audit.ts';
import { auditActionLabels, auditActorTexts, auditPowerLabels } from '../../data/audit-actions.ts';

/** What an action name means, for the log's readers; an unknown one is shown as it is. */
export function actionLabel(action: string): string {
  return auditActionLabels[action] ?? action;
}

/** What this entry's actor did, as a sentence's verb phrase (a power action names its signal). */
export function entryActionText(entry: AuditEntry): string {
  const signal = entry.action === 'panel.power' ? entry.detail?.signal : undefined;
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
  const { target, actor } = entry;
  if (!target || target === actor.label || (actor.kind === 'customer' && target === actor.id)) return undefined;
  return target;
}

export function detailText(entry: AuditEntry): string {
  if (!entry.detail) return '';
  return Object.entries(entry.detail)
    .filter(([, value]) => value !== null && value !== '')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
}
