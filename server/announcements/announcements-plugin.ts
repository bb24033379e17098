import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dismissedCookie } from '../../contracts/announcements-rules.ts';
import { cookieOptions } from '../lib/session-cookie.ts';
import { announcementsStaffRoutes, dismissRoute } from './announcements-routes.ts';
import { AnnouncementsService } from './announcements-service.ts';
import { BannerPages } from './banner-pages.ts';
import { bannersJobName, LiveBanners } from './live-banners.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Announcements (docs/decisions.md 133-135): the console's service and the banners this instance shows. */
    announcements: { service: AnnouncementsService; live: LiveBanners };
  }
}

export interface AnnouncementsPluginOptions {
  /** How often an instance reads the banners again: other instances' edits and the board's incidents (default 5 s). */
  pollMs?: number;
}

/**
 * The Announcements capability: /api/staff/announcements, the dismiss form's route, and the
 * banner each page is served with (the site registers after it and asks `pageChooser`).
 */
async function announcementsCapability(app: FastifyInstance, options: AnnouncementsPluginOptions): Promise<void> {
  const live = new LiveBanners({ db: app.db, now: app.clock, log: app.log });
  // The first read is awaited at ready (the first page has its banners); then one of the app's jobs.
  app.jobs.every({ name: bannersJobName, everyMs: options.pollMs ?? 5000, runAtStart: false }, () => live.read());
  const service = new AnnouncementsService({ db: app.db, audit: app.audit, live, now: app.clock });
  // Lax, not Strict: a visitor who comes back from a search result still has their dismissals.
  const base = cookieOptions(app.config, dismissedCookie);
  const cookie = { name: base.name, options: { ...base.options, sameSite: 'lax' as const } };
  const pages = new BannerPages({ live, now: app.clock, cookieName: cookie.name });
  app.decorate('announcements', { service, live });
  app.decorate('pageChooser', (req, file) => pages.choose(req, file));
  await app.register(async (scope) => announcementsStaffRoutes(scope, service), { prefix: '/api/staff/announcements' });
  await app.register(async (scope) => dismissRoute(scope, cookie), { prefix: '/api/announcements' });
  app.addHook('onReady', async () => {
    await live.read();
  });
}

export const announcementsPlugin = fp(announcementsCapability, { name: 'announcements', dependencies: ['database', 'jobs', 'staff', 'audit'] });
