import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnnouncementTone, PageGroup } from '../../contracts/announcements-rules.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { type AnnouncementRow, incidentBannerOn, openMajorIncident, unendedAnnouncements } from './announcements-repository.ts';

/** The scheduler's job that reads the banners again (app.jobs, server/jobs/scheduler.ts). */
export const bannersJobName = 'announcements banners';

/** A banner as pages show it: an announcement, or the open major incident. */
export interface Banner {
  /** What a dismissal names: `a<id>` for an announcement, `i<incident id>` for the incident. */
  key: string;
  /** Changes with its text, so an edited banner's pages are made again. */
  version: string;
  text: string;
  linkLabel: string;
  linkUrl: string;
  tone: AnnouncementTone;
}

interface Incident {
  id: string;
  title: string;
  updatedAt: number;
}

/**
 * What this instance knows of banners: the announcements that have not ended, the open major
 * incident and whether it is shown, read from the database at start, by the app's scheduler every
 * `pollMs` (the `bannersJobName` job, so every instance follows the others' edits and the board's
 * incidents), and after each edit here.
 * Which are shown is decided per request by the app's clock (docs/decisions.md 133), so a banner
 * appears and goes at its very times, without a timer and without a rebuild.
 */
export class LiveBanners {
  private announcements: AnnouncementRow[] = [];
  private incident: Incident | undefined;
  private readonly db: Kysely<Database>;
  private readonly now: Clock;
  private readonly log: FastifyBaseLogger;
  /** Bumped when what is known changes: pages made with an older generation are made again. */
  generation = 0;

  constructor(deps: { db: Kysely<Database>; now: Clock; log: FastifyBaseLogger }) {
    this.db = deps.db;
    this.now = deps.now;
    this.log = deps.log;
  }

  /**
   * Reads the banners (at start, and as the scheduler's job); a database that does not answer
   * keeps the last ones, and the next run asks again.
   */
  async read(): Promise<void> {
    await this.refresh().catch((error: unknown) => this.log.warn({ err: error }, 'announcements: could not read the banners; keeping the last ones'));
  }

  async refresh(): Promise<void> {
    const [announcements, incidentOn, incident] = await Promise.all([
      unendedAnnouncements(this.db, this.now()),
      incidentBannerOn(this.db),
      openMajorIncident(this.db),
    ]);
    const before = this.fingerprint();
    this.announcements = announcements;
    this.incident = incidentOn ? incident : undefined;
    if (this.fingerprint() !== before) this.generation++;
  }

  private fingerprint(): string {
    const incident = this.incident ? `${this.incident.id}@${this.incident.updatedAt}` : '';
    return `${incident}|${this.announcements.map((a) => `${a.id}@${a.updatedAt}`).join(',')}`;
  }

  /** The open major incident shown as a banner, if any (off in the console: none). */
  incidentShown(): Incident | undefined {
    return this.incident;
  }

  /**
   * The banners for a page of `group` at `now`, in the order one is chosen: the open major
   * incident first (on every page but the status board's, which shows it itself), then the
   * announcements, the latest start first.
   */
  showing(group: Exclude<PageGroup, 'all'> | 'other', now: number): Banner[] {
    const shown: Banner[] = [];
    if (this.incident && group !== 'status') {
      shown.push({
        key: `i${this.incident.id}`,
        version: String(this.incident.updatedAt),
        text: `Major incident: ${this.incident.title}.`,
        linkLabel: 'See the network status',
        linkUrl: '/network-status',
        tone: 'warning',
      });
    }
    for (const a of this.announcements) {
      if (a.startsAt > now || a.endsAt <= now) continue;
      if (a.pages !== 'all' && a.pages !== group) continue;
      shown.push({ key: `a${a.id}`, version: String(a.updatedAt), text: a.text, linkLabel: a.linkLabel, linkUrl: a.linkUrl, tone: a.tone });
    }
    return shown;
  }

  /** Whether any banner could be shown at all (the common case on a quiet site: none, and pages go out as built). */
  idle(): boolean {
    return this.incident === undefined && this.announcements.length === 0;
  }
}
