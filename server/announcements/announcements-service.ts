import type { Kysely } from 'kysely';
import type { Announcement, AnnouncementsView } from '../../contracts/announcements.ts';
import type { AnnouncementTone, PageGroup } from '../../contracts/announcements-rules.ts';
import type { AuditLog, Acting } from '../audit/audit-service.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { HttpError } from '../lib/http-error.ts';
import { changes, described, quoted } from './announcement-words.ts';
import {
  type AnnouncementFields,
  type AnnouncementRow,
  deleteAnnouncement,
  findAnnouncement,
  incidentBannerOn,
  insertAnnouncement,
  listAnnouncements,
  setIncidentBanner,
  updateAnnouncement,
} from './announcements-repository.ts';
import type { LiveBanners } from './live-banners.ts';

/** The body the routes checked with contracts/announcements.ts (its shape, not yet its times' order). */
export interface CheckedInput {
  text: string;
  linkLabel: string;
  linkUrl: string;
  tone: AnnouncementTone;
  pages: PageGroup;
  startsAt: string;
  endsAt: string;
}

/** The longest an announcement may run: a banner is news, not furniture. */
export const longestDays = 366;

function viewOf(row: AnnouncementRow, now: number): Announcement {
  return {
    id: row.id,
    text: row.text,
    linkLabel: row.linkLabel,
    linkUrl: row.linkUrl,
    tone: row.tone,
    pages: row.pages,
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
    state: now < row.startsAt ? 'scheduled' : now < row.endsAt ? 'showing' : 'ended',
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/**
 * The console's announcements (docs/decisions.md 133-135): list, create, edit, delete, and the
 * incident banner's switch. Every change is in the audit log in words, and this instance's
 * banners follow at once (the others within their poll).
 */
export class AnnouncementsService {
  private readonly db: Kysely<Database>;
  private readonly audit: AuditLog;
  private readonly live: LiveBanners;
  private readonly now: Clock;

  constructor(deps: { db: Kysely<Database>; audit: AuditLog; live: LiveBanners; now: Clock }) {
    this.db = deps.db;
    this.audit = deps.audit;
    this.live = deps.live;
    this.now = deps.now;
  }

  async view(): Promise<AnnouncementsView> {
    const now = this.now();
    const [rows, incidentBanner] = await Promise.all([listAnnouncements(this.db), incidentBannerOn(this.db)]);
    const incident = this.live.incidentShown();
    return {
      announcements: rows.map((r) => viewOf(r, now)),
      incidentBanner,
      incidentShown: incident ? { id: incident.id, title: incident.title } : null,
    };
  }

  /** The times in order, the end ahead, a link whole: what the schema alone cannot say, per field. */
  private fields(input: CheckedInput): AnnouncementFields {
    const startsAt = Date.parse(input.startsAt);
    const endsAt = Date.parse(input.endsAt);
    const problems: Record<string, string> = {};
    if (endsAt <= startsAt) problems.endsAt = 'must be after the start';
    else if (endsAt <= this.now()) problems.endsAt = 'must be in the future';
    else if (endsAt - startsAt > longestDays * 86_400_000) problems.endsAt = `must be at most ${longestDays} days after the start`;
    if (input.linkLabel && !input.linkUrl) problems.linkUrl = 'is required when the link has a text';
    if (input.linkUrl && !input.linkLabel) problems.linkLabel = 'is required when the link has an address';
    if (Object.keys(problems).length) {
      const first = Object.entries(problems)[0]!;
      throw new HttpError(400, 'invalid', `The announcement has a problem: ${first[0]} ${first[1]}.`, { fields: problems });
    }
    return { text: input.text, linkLabel: input.linkLabel, linkUrl: input.linkUrl, tone: input.tone, pages: input.pages, startsAt, endsAt };
  }

  private async changed(): Promise<AnnouncementsView> {
    await this.live.refresh();
    return this.view();
  }

  async create(input: CheckedInput, acting: Acting): Promise<AnnouncementsView> {
    const fields = this.fields(input);
    const by = acting.actor.label ?? acting.actor.id ?? 'staff';
    await this.db.transaction().execute(async (trx) => {
      const row = await insertAnnouncement(trx, fields, by, this.now());
      await this.audit.record(
        { ...acting, action: 'announcement.created', target: quoted(row.text), detail: { id: row.id, ...described(fields) } },
        { db: trx },
      );
    });
    return this.changed();
  }

  async update(id: number, input: CheckedInput, acting: Acting): Promise<AnnouncementsView> {
    const fields = this.fields(input);
    const by = acting.actor.label ?? acting.actor.id ?? 'staff';
    await this.db.transaction().execute(async (trx) => {
      const before = await findAnnouncement(trx, id);
      if (!before) throw new HttpError(404, 'not_found', `There is no announcement ${id} (deleted meanwhile?).`);
      await updateAnnouncement(trx, id, fields, by, this.now());
      await this.audit.record(
        { ...acting, action: 'announcement.updated', target: quoted(fields.text), detail: { id, changes: changes(before, fields) } },
        { db: trx },
      );
    });
    return this.changed();
  }

  async remove(id: number, acting: Acting): Promise<AnnouncementsView> {
    await this.db.transaction().execute(async (trx) => {
      const before = await findAnnouncement(trx, id);
      if (!before) throw new HttpError(404, 'not_found', `There is no announcement ${id} (deleted meanwhile?).`);
      await deleteAnnouncement(trx, id);
      await this.audit.record({ ...acting, action: 'announcement.deleted', target: quoted(before.text), detail: { id, ...described(before) } }, { db: trx });
    });
    return this.changed();
  }

  async setIncidentBanner(on: boolean, acting: Acting): Promise<AnnouncementsView> {
    await this.db.transaction().execute(async (trx) => {
      await setIncidentBanner(trx, on, this.now());
      await this.audit.record({ ...acting, action: on ? 'announcement.incident_banner_on' : 'announcement.incident_banner_off' }, { db: trx });
    });
    return this.changed();
  }
}
