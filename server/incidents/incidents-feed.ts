import { brandName } from '../../contracts/brand.ts';
import { loadFeed } from '../lib/lazy-imports.ts';
import type { IncidentRecord, MaintenanceRecord } from './incidents-repository.ts';
import { lastChange, maintenanceState } from './incident-views.ts';

/** The feed's own address and the pages it links to, under PUBLIC_URL. */
export const feedPath = '/network-status/feed.atom';
export const historyPath = '/network-status/history';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const utc = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const stateWords: Record<string, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** An incident's timeline, newest first, as HTML (every text escaped). */
function incidentHtml(i: IncidentRecord): string {
  const updates = [...i.updates]
    .reverse()
    .map(
      (u) =>
        `<p><strong>${stateWords[u.state]}</strong> (${utc(u.at)}${u.editedAt !== null ? `, corrected ${utc(u.editedAt)}` : ''}): ${escapeHtml(u.message)}</p>`,
    );
  return `<p>Impact: ${i.impact}.</p>${updates.join('')}`;
}

function maintenanceHtml(m: MaintenanceRecord, now: number): string {
  return `<p><strong>${stateWords[maintenanceState(m, now)]}</strong>: from ${utc(m.startsAt)} to ${utc(m.endsAt)}.</p><p>${escapeHtml(m.message)}</p>`;
}

/**
 * The Atom feed of the network status (/network-status/feed.atom): one entry per incident and
 * maintenance of the last 90 days, its `updated` the last change a reader would see (a new or
 * corrected update, a window starting or ending), built with the `feed` library.
 */
export async function atomFeed(records: { incidents: IncidentRecord[]; maintenance: MaintenanceRecord[] }, publicUrl: string, now: number): Promise<string> {
  const { Feed } = await loadFeed();
  const base = publicUrl.replace(/\/$/, '');
  const entries = [
    ...records.incidents.map((i) => ({
      updated: lastChange(i, now),
      item: {
        title: escapeHtml(`${i.resolvedAt !== null ? '[Resolved] ' : ''}${i.title}`),
        id: `${base}${historyPath}#incident-${encodeURIComponent(i.id)}`,
        link: `${base}${historyPath}#incident-${encodeURIComponent(i.id)}`,
        published: new Date(i.startedAt),
        description: escapeHtml(i.updates.at(-1)?.message ?? ''),
        content: incidentHtml(i),
      },
    })),
    ...records.maintenance.map((m) => ({
      updated: lastChange(m, now),
      item: {
        title: escapeHtml(`[Maintenance, ${stateWords[maintenanceState(m, now)]!.toLowerCase()}] ${m.title}`),
        id: `${base}${historyPath}#maintenance-${encodeURIComponent(m.id)}`,
        link: `${base}${historyPath}#maintenance-${encodeURIComponent(m.id)}`,
        published: new Date(m.createdAt),
        description: escapeHtml(m.message),
        content: maintenanceHtml(m, now),
      },
    })),
  ].sort((a, b) => b.updated - a.updated);
  const feed = new Feed({
    id: `${base}/network-status`,
    title: `${brandName} network status`,
    description: 'Incidents and scheduled maintenance of the network, as they happen.',
    link: `${base}/network-status`,
    feedLinks: { atom: `${base}${feedPath}` },
    // An empty feed was last updated when its newest entry was, or now when it has none.
    updated: new Date(entries[0]?.updated ?? now),
    author: { name: brandName, link: `${base}/network-status` },
    generator: false,
    copyright: `${brandName}`,
  });
  for (const { updated, item } of entries) feed.addItem({ ...item, date: new Date(updated) });
  return feed.atom1();
}
