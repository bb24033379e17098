import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contracts/audit.ts';
import { panelAuditActions, scheduleRanAction } from '../../server/panel/panel-audit-actions.ts';
import { supportAuditActions } from '../../server/support/support-audit-actions.ts';
import { auditActionLabels } from '../../src/data/audit-actions.ts';
import { actionLabel, actorLabel, detailText, entryActionText, targetText } from '../../src/components/staff/audit-text.ts';

function entry(action: string, actor: AuditEntry['actor'], over: Partial<AuditEntry> = {}): AuditEntry {
  return { id: '1', at: Date.UTC(2026, 10, 26, 2, 17), actor, action, target: 'demo', outcome: 'ok', clientIp: null, detail: null, ...over };
}

/** The sentence the console's audit page reads: actor, action, and the target when it adds something. */
function sentence(e: AuditEntry): string {
  const target = targetText(e);
  return `${actorLabel(e)} ${entryActionText(e).toLowerCase()}${target ? ` · ${target}` : ''}`;
}

describe('the audit log as sentences', () => {
  it('has a sentence for every action the panel records, schedules included', () => {
    const missing = [...panelAuditActions, scheduleRanAction].filter((action) => !auditActionLabels[action]);
    expect(missing).toEqual([]);
  });

  it('reads a customer’s schedule change and a schedule’s own run as sentences, not codes', () => {
    const customer = entry('panel.schedule.create', { kind: 'customer', id: 'demo', label: null, name: null });
    expect(`${actorLabel(customer)} ${entryActionText(customer).toLowerCase()}`).toBe('Customer of server demo made a schedule');
    const run = entry('panel.schedule.run', customer.actor);
    expect(entryActionText(run).toLowerCase()).toBe('ran a schedule now');
    const ran = entry(scheduleRanAction, { kind: 'system', id: 'a-schedule', label: 'schedule "Nightly"', name: null });
    expect(`${actorLabel(ran)} ${entryActionText(ran).toLowerCase()}`).toBe('schedule "Nightly" finished a scheduled run');
  });

  it('has words for every support action, and names the conversation by its visitor and subject', () => {
    const codes = Object.values(supportAuditActions);
    expect(codes.filter((action) => !auditActionLabels[action])).toEqual([]);
    // The What filter lists labels, never a code.
    for (const code of codes) expect(actionLabel(code)).not.toContain('support.');

    const ada = { kind: 'staff' as const, id: 'ae535430-0000-4000-8000-000000000001', label: 'ada@example.com', name: 'Ada' };
    const conversation = '88a23aaf-0000-4000-8000-000000000002';
    const reply = entry('support.reply', ada, {
      target: conversation,
      detail: { visitor: 'Sam', subject: 'Server will not start', messageId: 'm1', length: 12 },
    });
    expect(sentence(reply)).toBe('Ada replied in a conversation · Sam: “Server will not start”');
    expect(detailText(reply)).toBe(`conversation: ${conversation} · messageId: m1 · length: 12`);
    const resolved = entry('support.resolve', ada, { target: conversation, detail: { visitor: null, subject: null } });
    expect(sentence(resolved)).toBe('Ada resolved a conversation · the conversation with a visitor');

    const off = entry('support.availability', ada, { target: ada.id, detail: { available: false } });
    expect(sentence(off)).toBe('Ada turned "available for chat" off');
    expect(detailText(off)).toBe('');
  });
});
