import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { can, type StaffPermission } from '../../contracts/staff-rules.ts';
import type { Acting, AuditLog } from '../audit/audit-service.ts';
import { HttpError } from '../lib/http-error.ts';
import { clearStaffCookies, type StaffCookie } from './staff-cookie.ts';
import type { NoSession, StaffPrincipal, StaffSessions } from './staff-sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, set by a staffAccess guard. */
    staff: StaffPrincipal | null;
    /** The same person as the audit log records who acted, set by the guard with `staff`. */
    acting: Acting | null;
  }
  interface FastifyContextConfig {
    /** A staff route that needs no session (signing in, enrolling, a link whose token is the permission): no session guard. */
    noStaffSession?: boolean;
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Where the staff console's API lives, whichever capability adds a section to it. */
const staffPrefix = '/api/staff';

const noSession: Record<NoSession, [code: string, message: string]> = {
  none: ['unauthenticated', 'Please sign in to the staff console.'],
  ended: ['session_ended', 'Your session has ended (it was signed out, or your account was disabled). Please sign in again.'],
  expired: ['session_expired', 'Your session reached its 12-hour limit. Please sign in again.'],
  idle: ['session_expired', 'You were signed out after an hour without activity. Please sign in again.'],
};

const forbiddenMessages: Record<StaffPermission, string> = {
  'console.use': 'You may not use the staff console.',
  'audit.read': 'Your role may not read the audit log.',
  'staff.manage': 'Only admins can manage staff.',
  'monitors.manage': 'Only admins can manage monitors.',
  'contact.handle': 'Your role may not handle contact messages.',
  'incidents.manage': 'Your role may not write incidents or maintenance.',
  'stock.manage': 'Only admins can override stock.',
  'alerts.handle': 'Your role may not see or acknowledge alerts.',
  'catalog.edit': 'Your role may not change the catalog.',
};

/**
 * The guard of every staff route, for this capability and the others that add console
 * sections: `preHandler: app.staffAccess.require('staff.manage')`. The session is read from
 * the database on every request; a missing permission is a 403 with the error envelope,
 * recorded in the audit log.
 *
 * Guards run before the request is validated (`guardRoute`, an onRoute hook): every route
 * under /api/staff needs a session unless it is marked `noStaffSession`, and a permission guard
 * given as a preHandler is moved to preValidation, so a caller without a session (or without
 * the permission) gets 401 (403) and never a 400 that names the body's fields.
 */
export class StaffAccess {
  private readonly sessions: StaffSessions;
  private readonly audit: AuditLog;
  private readonly guards = new WeakSet<Guard>();
  readonly cookie: StaffCookie;

  constructor(sessions: StaffSessions, audit: AuditLog, cookie: StaffCookie) {
    this.sessions = sessions;
    this.audit = audit;
    this.cookie = cookie;
  }

  /** The signed-in person, or a 401 that says why (and clears a cookie that no longer works). */
  async principal(request: FastifyRequest, reply: FastifyReply): Promise<StaffPrincipal> {
    const result = await this.sessions.authenticate(request.cookies[this.cookie.name]);
    if (typeof result !== 'string') return result;
    if (result !== 'none') clearStaffCookies(reply, this.cookie);
    const [code, message] = noSession[result];
    throw new HttpError(401, code, message);
  }

  require(permission: StaffPermission): Guard {
    const guard: Guard = async (request, reply) => {
      const me = request.staff ?? (await this.principal(request, reply));
      if (!can(me.role, permission)) {
        await this.audit.record({
          actor: { kind: 'staff', id: me.id, label: me.email },
          action: 'staff.forbidden',
          target: `${request.method} ${request.routeOptions.url ?? request.url}`,
          outcome: 'refused',
          clientIp: request.ip,
          detail: { permission, role: me.role },
        });
        throw new HttpError(403, 'forbidden', forbiddenMessages[permission]);
      }
      request.staff = me;
      request.acting = { actor: { kind: 'staff', id: me.id, label: me.email }, clientIp: request.ip, staffId: me.id };
    };
    this.guards.add(guard);
    return guard;
  }

  /** Any session at all: run first on every staff route that is not a sign-in step. */
  private readonly signedIn: Guard = async (request, reply) => {
    request.staff = await this.principal(request, reply);
  };

  /** An onRoute hook: puts the session guard and any permission guard before validation. */
  guardRoute(route: RouteOptions): void {
    const staffRoute = route.url === staffPrefix || route.url.startsWith(`${staffPrefix}/`);
    const preHandlers = [route.preHandler ?? []].flat() as Guard[];
    const permissions = preHandlers.filter((hook) => this.guards.has(hook));
    const needsSession = staffRoute && !route.config?.noStaffSession;
    if (!needsSession && permissions.length === 0) return;
    route.preHandler = preHandlers.filter((hook) => !this.guards.has(hook));
    // A Set: the HEAD route Fastify adds for a GET comes through here again with the GET's hooks.
    route.preValidation = [...new Set([...(needsSession ? [this.signedIn] : []), ...permissions, ...([route.preValidation ?? []].flat() as Guard[])])];
  }
}
