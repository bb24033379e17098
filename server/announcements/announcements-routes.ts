import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { announcementInput, announcementParams, announcementSettingsInput, announcementsView, dismissForm } from '../../contracts/announcements.ts';
import { dismissedKept } from '../../contracts/announcements-rules.ts';
import { errorResponses } from '../../contracts/http-error.ts';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { AnnouncementsService } from './announcements-service.ts';

/**
 * /api/staff/announcements (permission catalog.edit: admins and editors, docs/decisions.md 134):
 * the list, create, edit, delete, and the incident banner's switch.
 */
export function announcementsStaffRoutes(app: FastifyInstance, service: AnnouncementsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guarded = { preHandler: app.staffAccess.require('catalog.edit') };
  const answer = { 200: announcementsView, ...errorResponses(400, 401, 403, 404) };

  api.get('/', { ...guarded, schema: { response: { 200: announcementsView, ...errorResponses(401, 403) } } }, async () => service.view());
  api.post('/', { ...guarded, schema: { body: announcementInput, response: answer } }, async (request) => service.create(request.body, request.acting!));
  api.put('/settings', { ...guarded, schema: { body: announcementSettingsInput, response: answer } }, async (request) =>
    service.setIncidentBanner(request.body.incidentBanner, request.acting!),
  );
  api.put('/:id', { ...guarded, schema: { params: announcementParams, body: announcementInput, response: answer } }, async (request) =>
    service.update(request.params.id, request.body, request.acting!),
  );
  api.delete('/:id', { ...guarded, schema: { params: announcementParams, response: answer } }, async (request) =>
    service.remove(request.params.id, request.acting!),
  );
}

/** A path of this site to go back to, or the home page: never another site (an open redirect). */
function pathBack(back: string): string {
  return /^\/(?![/\\])[^\s]*$/.test(back) ? back : '/';
}

/**
 * POST /api/announcements/dismiss: the banner's dismiss button, a form that works without
 * JavaScript (docs/decisions.md 135). The banner joins the visitor's cookie of dismissed banners
 * (the newest kept), and the visitor goes back to the page, which comes without it.
 */
export function dismissRoute(app: FastifyInstance, cookie: { name: string; options: CookieSerializeOptions }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/dismiss', { config: { acceptsForm: true }, schema: { body: dismissForm, response: errorResponses(400, 415) } }, async (request, reply) => {
    const before = (request.cookies[cookie.name] ?? '').split('.').filter((k) => /^[ai][A-Za-z0-9-]{1,64}$/.test(k) && k !== request.body.banner);
    const kept = [...before, request.body.banner].slice(-dismissedKept);
    void reply.setCookie(cookie.name, kept.join('.'), { ...cookie.options, maxAge: 400 * 24 * 60 * 60 });
    return reply.redirect(pathBack(request.body.back), 303);
  });
}
