/**
 * The console's calls for the status board: monitors (/api/staff/monitors, admins), incidents
 * and maintenance (/api/staff/incidents, /api/staff/maintenance). Types from the contracts only.
 */
import type { Incident, IncidentState, Maintenance, NewIncidentBody, NewMaintenanceBody } from '../../../contracts/incidents.ts';
import type { MonitorEdit, MonitorInputFields, MonitorTypeInfo, StaffMonitor, StaffMonitorList } from '../../../contracts/monitors.ts';
import type { StatusReport } from '../../../contracts/status.ts';
import { apiFetch } from '../../lib/api-client.ts';

const monitor = (id: string) => `/api/staff/monitors/${encodeURIComponent(id)}`;
const incident = (id: string) => `/api/staff/incidents/${encodeURIComponent(id)}`;
const window = (id: string) => `/api/staff/maintenance/${encodeURIComponent(id)}`;

export const boardApi = {
  /** The public board: every role may read the monitors' names and states from it. */
  board: () => apiFetch<StatusReport>('GET', '/api/status'),

  monitors: () => apiFetch<StaffMonitorList>('GET', '/api/staff/monitors'),
  /** The registered monitor types and their settings' fields (the form draws them). */
  monitorTypes: () => apiFetch<{ types: MonitorTypeInfo[] }>('GET', '/api/staff/monitors/types'),
  addMonitor: (input: MonitorInputFields) => apiFetch<StaffMonitor>('POST', '/api/staff/monitors', { body: input }),
  editMonitor: (id: string, edit: Partial<MonitorEdit>) => apiFetch<StaffMonitor>('PUT', monitor(id), { body: edit }),
  pauseMonitor: (id: string) => apiFetch<StaffMonitor>('POST', `${monitor(id)}/pause`),
  resumeMonitor: (id: string) => apiFetch<StaffMonitor>('POST', `${monitor(id)}/resume`),
  removeMonitor: (id: string) => apiFetch<void>('DELETE', monitor(id)),

  incidents: () => apiFetch<{ incidents: Incident[] }>('GET', '/api/staff/incidents'),
  createIncident: (body: NewIncidentBody) => apiFetch<Incident>('POST', '/api/staff/incidents', { body }),
  postUpdate: (id: string, state: IncidentState, message: string) => apiFetch<Incident>('POST', `${incident(id)}/updates`, { body: { state, message } }),
  correctUpdate: (id: string, updateId: string, message: string) =>
    apiFetch<Incident>('PUT', `${incident(id)}/updates/${encodeURIComponent(updateId)}`, { body: { message } }),
  resolve: (id: string, message: string) => apiFetch<Incident>('POST', `${incident(id)}/resolve`, { body: { message } }),

  maintenance: () => apiFetch<{ maintenance: Maintenance[] }>('GET', '/api/staff/maintenance'),
  schedule: (body: NewMaintenanceBody) => apiFetch<Maintenance>('POST', '/api/staff/maintenance', { body }),
  extend: (id: string, endsAt: string) => apiFetch<Maintenance>('POST', `${window(id)}/extend`, { body: { endsAt } }),
  cancel: (id: string) => apiFetch<Maintenance>('POST', `${window(id)}/cancel`),
};
