import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { brandName } from '../../contracts/brand.ts';
import { AuditLog } from '../audit/audit-service.ts';
import { sessionIdleMs } from './staff-sessions.ts';
import { StaffAccess } from './staff-access.ts';
import { staffCookie } from './staff-cookie.ts';
import { OwnAccount } from './staff-own-account.ts';
import { relyingPartyOf } from '../lib/relying-party.ts';
import { purgeExpired } from './staff-signin-repository.ts';
import { staffRoutes } from './staff-routes.ts';
import { StaffService } from './staff-service.ts';
import { StaffSessions } from './staff-sessions.ts';
import { StaffSignIn } from './staff-signin.ts';
import { defaultThrottle, SignInThrottle, type ThrottleLimits } from './staff-throttle.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The staff capability's services (the team, sign-in, the signed-in person's own account). */
    staff: { service: StaffService; signIn: StaffSignIn; own: OwnAccount; sessions: StaffSessions };
    /** Guards for staff routes of every capability: `preHandler: app.staffAccess.require(permission)`. */
    staffAccess: StaffAccess;
  }
}

export interface StaffPluginOptions {
  throttle?: ThrottleLimits;
}

/** How often run-out sessions, challenges, links and old failures are deleted. */
const housekeepingEveryMs = 10 * 60_000;
/** Used and expired links are kept a week, so a reused link still gets its own message. */
const keepLinksMs = 7 * 24 * 60 * 60_000;

/**
 * The staff capability: its services, the guard of every staff route, its housekeeping, and its
 * routes under /api/staff (sign-in, enrolment, the signed-in person's account, the team). It comes
 * first of the capabilities: the guard (an onRoute hook) must be in place before any of them adds
 * a console route, the audit log's own included. So it records into the audit log through a writer
 * of its own (the log is a table and the app's clock, nothing held in memory), as the staff
 * command does; the audit capability, registered next, decorates `app.audit` for the others.
 */
async function staffCapability(app: FastifyInstance, options: StaffPluginOptions): Promise<void> {
  const now = app.clock;
  const audit = new AuditLog(app.db, now);
  const rp = relyingPartyOf(app.config.publicUrl, brandName);
  const deps = { db: app.db, dialect: app.dialect, audit, now, publicUrl: app.config.publicUrl };
  const sessions = new StaffSessions(app.db, now);
  const throttle = new SignInThrottle(app.db, now, options.throttle ?? defaultThrottle);
  const signIn = new StaffSignIn(deps, rp, sessions, throttle);
  app.decorate('staff', { service: new StaffService(deps), signIn, own: new OwnAccount(deps, signIn, sessions), sessions });
  const access = new StaffAccess(sessions, audit, staffCookie('problem' in rp ? app.config.publicUrl.startsWith('https:') : rp.secure));
  app.decorate('staffAccess', access);
  app.decorateRequest('staff', null);
  app.decorateRequest('acting', null);
  // Every route added from here on, in any capability: staff routes are guarded before validation.
  app.addHook('onRoute', (route) => access.guardRoute(route));

  if ('problem' in rp) app.addHook('onReady', async () => app.log.warn(`staff sign-in is off: ${rp.problem}`));

  app.jobs.every({ name: 'staff housekeeping', everyMs: housekeepingEveryMs }, async () => {
    const at = now();
    const removed = await purgeExpired(app.db, {
      now: at,
      idleBefore: at - sessionIdleMs,
      linksBefore: at - keepLinksMs,
      failuresBefore: at - throttle.limits.windowMs,
    });
    if (Object.values(removed).some((n) => n > 0)) app.log.debug({ removed }, 'staff: run-out rows removed');
  });

  await app.register(staffRoutes, { prefix: '/api/staff' });
}
export const staffPlugin = fp(staffCapability, { name: 'staff', dependencies: ['database', 'jobs'] });
