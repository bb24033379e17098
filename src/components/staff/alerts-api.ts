/** The console's calls for alerts to the team (/api/staff/alerts). Types from the contracts only. */
import type { AlertChannelKindInfo, AlertTestResult, StaffAlert, StaffAlertChannel } from '../../../contracts/alerts.ts';
import { apiFetch } from '../../lib/api-client.ts';

const alert = (id: number) => `/api/staff/alerts/${id}`;
const channel = (id: string) => `/api/staff/alerts/channels/${encodeURIComponent(id)}`;

export interface ChannelFields {
  name: string;
  kind: string;
  target: string;
  token?: string;
  settings: Record<string, unknown>;
  monitorIds: string[];
  enabled: boolean;
  remindEveryMinutes: number;
  supportNotices: boolean;
}

export const alertsApi = {
  alerts: () => apiFetch<{ alerts: StaffAlert[]; autoPublishMinutes: number }>('GET', '/api/staff/alerts'),
  acknowledge: (id: number) => apiFetch<StaffAlert>('POST', `${alert(id)}/acknowledge`),
  publish: (id: number) => apiFetch<StaffAlert>('POST', `${alert(id)}/publish`),
  dismiss: (id: number) => apiFetch<StaffAlert>('POST', `${alert(id)}/dismiss`),
  setAutoPublish: (autoPublishMinutes: number) => apiFetch<void>('PUT', '/api/staff/alerts/settings', { body: { autoPublishMinutes } }),

  /** The server's registered kinds, with their form's words and settings (docs/decisions.md 114). */
  kinds: () => apiFetch<{ kinds: AlertChannelKindInfo[] }>('GET', '/api/staff/alerts/kinds'),
  channels: () => apiFetch<{ channels: StaffAlertChannel[] }>('GET', '/api/staff/alerts/channels'),
  addChannel: (body: ChannelFields & { id: string }) => apiFetch<StaffAlertChannel>('POST', '/api/staff/alerts/channels', { body }),
  editChannel: (id: string, body: ChannelFields) => apiFetch<StaffAlertChannel>('PUT', channel(id), { body }),
  removeChannel: (id: string) => apiFetch<void>('DELETE', channel(id)),
  testChannel: (id: string) => apiFetch<AlertTestResult>('POST', `${channel(id)}/test`),

  /** The signed link's page: no session needed. */
  acknowledgeByLink: (body: { alert: number; channel: string; token: string }) =>
    apiFetch<{ monitorName: string; state: StaffAlert['state']; acknowledgedBy: string | null }>('POST', '/api/staff/alerts/acknowledge-link', { body }),
};
