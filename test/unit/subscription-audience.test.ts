import { describe, expect, it } from 'vitest';
import type { StatusEvent } from '../../server/status-events/status-event-map.ts';
import type { Subscription } from '../../server/subscriptions/subscriptions-repository.ts';
import { audienceOf, isAnnounced } from '../../server/subscriptions/subscriptions-service.ts';
import { incidentPayload, maintenancePayload } from '../server/subscription-fixtures.ts';

const subscriber = (id: number, monitorIds: string[], confirmedAt: number | null = 1_000): Subscription => ({
  id,
  channel: 'email',
  address: `s${id}@example.com`,
  status: confirmedAt === null ? 'pending' : 'confirmed',
  monitorIds,
  pendingMonitorIds: null,
  createdAt: 0,
  confirmedAt,
});

const event = (kind: StatusEvent['kind'], payload: unknown, at = 5_000, id = 2): StatusEvent => ({ id, at, kind, subjectId: 'x', payload });

describe('who hears of a status event', () => {
  const everyone = subscriber(1, []);
  const edge = subscriber(2, ['edge']);
  const core = subscriber(3, ['core']);
  const late = subscriber(4, [], 9_000);
  const pending = subscriber(5, [], null);
  const all = [everyone, edge, core, late, pending];

  it('the confirmed subscribers of every monitor or of an affected one, confirmed before it happened', () => {
    expect(audienceOf(event('incident.created', incidentPayload({ monitorIds: ['edge'] })), undefined, all).map((s) => s.id)).toEqual([1, 2]);
    expect(audienceOf(event('incident.created', incidentPayload({ monitorIds: ['edge', 'core'] })), undefined, all).map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it('everyone confirmed, for an event that names no monitor', () => {
    expect(audienceOf(event('maintenance.scheduled', maintenancePayload({ monitorIds: [] })), undefined, all).map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it('an incident update only with a new timeline entry; a maintenance update only when its window moved', () => {
    const before = incidentPayload();
    const typo = { ...before, updates: [{ ...before.updates[0]!, message: 'fixed', editedAt: new Date().toISOString() }] };
    const entry = {
      ...before,
      updates: [...before.updates, { id: 'u2', state: 'monitoring' as const, message: 'A fix is in.', at: new Date().toISOString(), editedAt: null }],
    };
    expect(isAnnounced(event('incident.updated', typo), event('incident.created', before, 4_000, 1))).toBe(false);
    expect(isAnnounced(event('incident.updated', entry), event('incident.created', before, 4_000, 1))).toBe(true);
    const window = maintenancePayload();
    expect(isAnnounced(event('maintenance.updated', { ...window, message: 'Reworded.' }), event('maintenance.scheduled', window, 4_000, 1))).toBe(false);
    expect(isAnnounced(event('maintenance.updated', { ...window, endsAt: '2030-01-10T05:00:00.000Z' }), event('maintenance.scheduled', window, 4_000, 1))).toBe(
      true,
    );
    // With nothing to compare against, an update is announced rather than lost.
    expect(isAnnounced(event('incident.updated', typo), undefined)).toBe(true);
    for (const kind of ['incident.created', 'incident.resolved', 'maintenance.started', 'maintenance.completed', 'maintenance.cancelled'] as const) {
      expect(isAnnounced(event(kind, {}), undefined), kind).toBe(true);
    }
  });
});
