import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contracts/audit.ts';
import { panelAuditActions, scheduleRanAction } from '../../server/panel/panel-audit-actions.ts';
import { auditActionLabels } from '../../src/data/audit-actions.ts';
import { actorLabel, entryActionText } from '../../src/components/staff/audit-text.ts';

function entry(action: string, actor: AuditEntry['actor']): AuditEntry {
  return { id: '1', at: Date.UTC(2026, 10, 26, 2, 17), actor, action, target: 'demo', outcome: 'ok', clientIp: null, detail: null };
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
});
