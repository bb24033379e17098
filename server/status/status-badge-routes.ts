import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../contracts/http-error.ts';
import { badgeParams, badgeQuery } from '../../contracts/subscriptions.ts';
import { statusBadge, unknownBadge, uptimeBadge } from '../badges/badge-svg.ts';
import type { StatusService } from './status-service.ts';

/** Badges are embedded on other sites and read by image proxies: a minute's cache keeps them cheap and fresh. */
const badgeCache = 'public, max-age=60';

/**
 * GET /badges/<monitor id>.svg: the monitor's state, or with ?uptime=24h|30d|90d its measured
 * uptime, as an SVG badge (badge-maker, shields.io's renderer). Answered from the board's
 * stored state, so it is quick whether or not the prober runs. An unknown id: 404, with a badge.
 */
export function statusBadgeRoutes(app: FastifyInstance, deps: { service: Pick<StatusService, 'report'> }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/badges/:file', { schema: { params: badgeParams, querystring: badgeQuery, response: errorResponses(400) } }, async (request, reply) => {
    void reply.type('image/svg+xml; charset=utf-8').header('cache-control', badgeCache);
    const { file } = request.params;
    const id = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : undefined;
    const report = await deps.service.report();
    const server = id === undefined ? undefined : report.servers.find((s) => s.id === id);
    // An SVG, not JSON: sent as written (its type is set, so no serializer runs), hence the untyped reply.
    const svg = reply as FastifyReply;
    if (!server) return svg.code(404).send(await unknownBadge());
    const window = request.query.uptime;
    if (!window) return svg.send(await statusBadge(server.name, server.status));
    const percent = window === '24h' ? server.uptimes.h24 : window === '30d' ? server.uptimes.d30 : server.uptimes.d90;
    return svg.send(await uptimeBadge(server.name, window, percent));
  });
}
