// Shared pieces of the subscription tests: events as the incidents capability writes them, and
// a monitors file whose two monitors never answer (nothing listens on their ports).
import type { Kysely } from 'kysely';
import type { Incident, Maintenance, StatusEventKind } from '../../contracts/incidents.ts';
import type { Database } from '../../server/db/schema.ts';
import { recordStatusEvent } from '../../server/status-events/status-events-repository.ts';
import { writeMonitorsFile } from './status-helpers.ts';

export function quietMonitorsFile(): string {
  return writeMonitorsFile({
    monitors: [
      { id: 'edge', name: 'Edge - 01', type: 'tcp', target: '127.0.0.1:9', intervalSeconds: 3600, timeoutSeconds: 1 },
      { id: 'core', name: 'Core - 01', type: 'tcp', target: '127.0.0.1:9', intervalSeconds: 3600, timeoutSeconds: 1 },
    ],
  });
}

export function incidentPayload(overrides: Partial<Incident> = {}): Incident {
  const at = new Date().toISOString();
  return {
    id: 'inc-1',
    title: 'Packet loss in Frankfurt',
    impact: 'major',
    monitorIds: ['edge'],
    state: 'investigating',
    startedAt: at,
    resolvedAt: null,
    updates: [{ id: 'u1', state: 'investigating', message: 'We are looking into packet loss on the edge routers.', at, editedAt: null }],
    ...overrides,
  };
}

export function maintenancePayload(overrides: Partial<Maintenance> = {}): Maintenance {
  return {
    id: 'mnt-1',
    title: 'Router firmware upgrade',
    message: 'Short interruptions while the routers restart.',
    monitorIds: ['core'],
    startsAt: '2030-01-10T02:00:00.000Z',
    endsAt: '2030-01-10T03:00:00.000Z',
    state: 'scheduled',
    cancelledAt: null,
    ...overrides,
  };
}

/** Writes an event as the incidents capability does (recordStatusEvent), now unless told. */
export async function writeEvent(db: Kysely<Database>, kind: StatusEventKind, payload: Incident | Maintenance, at = Date.now()): Promise<number> {
  return recordStatusEvent(db, { at, kind, subjectId: payload.id, payload });
}
