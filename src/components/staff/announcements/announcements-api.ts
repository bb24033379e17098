/** The browser side of /api/staff/announcements (types only from the contract, so no zod in the bundle). */
import type { AnnouncementInput, AnnouncementsView } from '../../../../contracts/announcements.ts';
import { apiFetch } from '../../../lib/api-client.ts';

const base = '/api/staff/announcements';

export const announcementsApi = {
  view: () => apiFetch<AnnouncementsView>('GET', base),
  create: (body: AnnouncementInput) => apiFetch<AnnouncementsView>('POST', base, { body }),
  update: (id: number, body: AnnouncementInput) => apiFetch<AnnouncementsView>('PUT', `${base}/${id}`, { body }),
  remove: (id: number) => apiFetch<AnnouncementsView>('DELETE', `${base}/${id}`),
  setIncidentBanner: (incidentBanner: boolean) => apiFetch<AnnouncementsView>('PUT', `${base}/settings`, { body: { incidentBanner } }),
};
