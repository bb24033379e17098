import type { Selectable } from 'kysely';
import type { AnnouncementTone, PageGroup } from '../../contracts/announcements-rules.ts';
import type { Db } from '../db/schema.ts';
import type { AnnouncementTable } from './announcements-tables.ts';

/** An announcement as the server works with it: times in epoch ms. */
export interface AnnouncementRow {
  id: number;
  text: string;
  linkLabel: string;
  linkUrl: string;
  tone: AnnouncementTone;
  pages: PageGroup;
  startsAt: number;
  endsAt: number;
  createdBy: string;
  updatedBy: string;
  updatedAt: number;
}

/** What staff write: everything but who and when. */
export type AnnouncementFields = Pick<AnnouncementRow, 'text' | 'linkLabel' | 'linkUrl' | 'tone' | 'pages' | 'startsAt' | 'endsAt'>;

function fromRow(r: Selectable<AnnouncementTable>): AnnouncementRow {
  return {
    id: Number(r.id),
    text: r.text,
    linkLabel: r.link_label,
    linkUrl: r.link_url,
    tone: r.tone as AnnouncementTone,
    pages: r.pages as PageGroup,
    startsAt: Number(r.starts_at),
    endsAt: Number(r.ends_at),
    createdBy: r.created_by,
    updatedBy: r.updated_by,
    updatedAt: Number(r.updated_at),
  };
}

const columns = (f: AnnouncementFields) => ({
  text: f.text,
  link_label: f.linkLabel,
  link_url: f.linkUrl,
  tone: f.tone,
  pages: f.pages,
  starts_at: f.startsAt,
  ends_at: f.endsAt,
});

/** Every announcement, the newest start first. */
export async function listAnnouncements(db: Db): Promise<AnnouncementRow[]> {
  const rows = await db.selectFrom('announcement').selectAll().orderBy('starts_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(fromRow);
}

/** The announcements that have not ended at `now`: what an instance keeps in memory to place banners. */
export async function unendedAnnouncements(db: Db, now: number): Promise<AnnouncementRow[]> {
  const rows = await db.selectFrom('announcement').selectAll().where('ends_at', '>', now).orderBy('starts_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(fromRow);
}

export async function findAnnouncement(db: Db, id: number): Promise<AnnouncementRow | undefined> {
  const row = await db.selectFrom('announcement').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function insertAnnouncement(db: Db, f: AnnouncementFields, by: string, now: number): Promise<AnnouncementRow> {
  const row = await db
    .insertInto('announcement')
    .values({ ...columns(f), created_by: by, updated_by: by, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

export async function updateAnnouncement(db: Db, id: number, f: AnnouncementFields, by: string, now: number): Promise<AnnouncementRow | undefined> {
  const row = await db
    .updateTable('announcement')
    .set({ ...columns(f), updated_by: by, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function deleteAnnouncement(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('announcement').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Whether an open major incident is shown as a banner (on until an admin or editor turns it off). */
export async function incidentBannerOn(db: Db): Promise<boolean> {
  const row = await db.selectFrom('announcement_setting').select('incident_banner').where('id', '=', 1).executeTakeFirst();
  return row === undefined || Number(row.incident_banner) === 1;
}

export async function setIncidentBanner(db: Db, on: boolean, now: number): Promise<void> {
  await db
    .insertInto('announcement_setting')
    .values({ id: 1, incident_banner: on ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ incident_banner: on ? 1 : 0, updated_at: now }))
    .execute();
}

/** The open incident of major or critical impact that started last, if any. */
export async function openMajorIncident(db: Db): Promise<{ id: string; title: string; updatedAt: number } | undefined> {
  const row = await db
    .selectFrom('incident')
    .select(['id', 'title', 'updated_at'])
    .where('resolved_at', 'is', null)
    .where('impact', 'in', ['major', 'critical'])
    .orderBy('started_at', 'desc')
    .executeTakeFirst();
  return row ? { id: row.id, title: row.title, updatedAt: Number(row.updated_at) } : undefined;
}
