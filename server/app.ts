import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { auditConsolePlugin, auditPlugin } from './audit/audit-plugin.ts';
import type { AppConfig } from './config/config.ts';
import { contactPlugin } from './contact/contact-plugin.ts';
import { healthRoutes } from './health/health-routes.ts';
import { panelPlugin } from './panel/panel-plugin.ts';
import { database } from './plugins/database.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { jobs } from './plugins/jobs.ts';
import { sameOrigin } from './plugins/same-origin.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { notFound, staticSite } from './plugins/static-site.ts';
import { staffAccessPlugin, staffPlugin } from './staff/staff-plugin.ts';
import { statusPlugin } from './status/status-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/** Fastify's trust function for `hops` proxies: the socket peer (0) and the hops − 1 before it. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** The largest request body any route takes unless it declares its own limit. */
export const bodyLimitBytes = 64 * 1024;

export interface BuildOptions {
  /** The clock of staff sessions, enrolment links and the audit log; tests move it. */
  now?: () => number;
}

/**
 * Builds the whole server (API and built site) without listening, so tests can call it with
 * inject and server.ts can start it. Plugins load in a fixed order: external, app, routes, site.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // A hop count trusts that many proxies nearest to us (the last entries of X-Forwarded-For).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: false },
  });
  app.decorate('config', config);

  // External plugins.
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });
  await app.register(fastifyRateLimit, { global: false });

  // Application plugins.
  await app.register(errorHandler);
  await app.register(securityHeaders, { siteDir: config.siteDir });
  await app.register(sameOrigin);
  await app.register(database, { databaseUrl: config.databaseUrl });
  await app.register(jobs);
  // The audit log and the staff guard, app-wide: every capability records and guards with them.
  await app.register(auditPlugin, { now: options.now });
  await app.register(staffAccessPlugin, { now: options.now });

  // Routes, one folder per capability.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(panelPlugin, { prefix: '/api/panel' });
  await app.register(statusPlugin, { prefix: '/api/status' });
  await app.register(contactPlugin, { prefix: '/api/contact' });
  await app.register(staffPlugin, { prefix: '/api/staff' });
  await app.register(auditConsolePlugin, { prefix: '/api/staff/audit' });

  // The built site, and the 404 page for everything else.
  await app.register(staticSite, { siteDir: config.siteDir });
  await app.register(notFound, { siteDir: config.siteDir });
  return app;
}
