import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { accountsPlugin, type AccountsPluginOptions } from './accounts/accounts-plugin.ts';
import { alertsFileSection } from './alerts/alerts-file.ts';
import { alertsPlugin, type AlertsPluginOptions } from './alerts/alerts-plugin.ts';
import { announcementsPlugin, type AnnouncementsPluginOptions } from './announcements/announcements-plugin.ts';
import { statusPagesPlugin, type StatusPagesOptions } from './status-pages/status-pages-plugin.ts';
import { auditPlugin } from './audit/audit-plugin.ts';
import { catalogPlugin, type CatalogPluginOptions } from './catalog/catalog-plugin.ts';
import type { AppConfig } from './config/config.ts';
import { contactPlugin } from './contact/contact-plugin.ts';
import { healthPlugin } from './health/health-plugin.ts';
import { panelPlugin } from './panel/panel-plugin.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { loggerOptions } from './lib/logger-options.ts';
import { allowedHosts } from './plugins/allowed-hosts.ts';
import { bodyTypes } from './plugins/body-types.ts';
import { database } from './plugins/database.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { jobs } from './plugins/jobs.ts';
import { metrics } from './plugins/metrics.ts';
import { openApi } from './plugins/openapi.ts';
import { readiness } from './plugins/readiness.ts';
import { sameOrigin } from './plugins/same-origin.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { notFound, staticSite } from './plugins/static-site.ts';
import { staffPlugin } from './staff/staff-plugin.ts';
import { incidentsPlugin } from './incidents/incidents-plugin.ts';
import { statusEventsPlugin } from './status-events/status-events-plugin.ts';
import { probeLocationsPlugin } from './probe-locations/probe-locations-plugin.ts';
import { statusPlugin } from './status/status-plugin.ts';
import { stockPlugin, type StockPluginOptions } from './stock/stock-plugin.ts';
import { subscriptionsPlugin, type SubscriptionsPluginOptions } from './subscriptions/subscriptions-plugin.ts';
import { supportPlugin, type SupportPluginOptions } from './support/support-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** The one clock every service and worker reads (server/lib/clock.ts); tests move it. */
    clock: Clock;
    /** Every route as registered (method, path, WebSocket or not): for tools such as the API fuzzer. */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  websocket: boolean;
}

/** Fastify's trust function for `hops` proxies: the socket peer (0) and the hops − 1 before it. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** The largest request body any route takes unless it declares its own limit. */
export const bodyLimitBytes = 64 * 1024;

export interface BuildOptions {
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** The app's clock (server/lib/clock.ts): every service and worker reads it; tests move it. */
  now?: Clock;
  /** Customer accounts' sign-in link limits (tests make them small); production uses the defaults. */
  accounts?: AccountsPluginOptions;
  /** Status notifications' worker and fan-out tuning (tests make them quick); production uses the defaults. */
  subscriptions?: SubscriptionsPluginOptions;
  /** Alerts' worker and jobs tuning (tests make them quick); production uses the defaults. */
  alerts?: AlertsPluginOptions;
  /** The support desk's timers, outbox tuning and team notification (tests make them quick); production uses the configuration. */
  support?: SupportPluginOptions;
  /** Stock's "tell me" outbox tuning (tests make it quick); production uses the defaults. */
  stock?: StockPluginOptions;
  /** How often each instance checks the published catalog (tests make it quick). */
  catalog?: CatalogPluginOptions;
  /** How often each instance reads the banners again (tests make it quick). */
  announcements?: AnnouncementsPluginOptions;
  /** How often the status pages are rendered again without a change (tests make it quick). */
  statusPages?: StatusPagesOptions;
}

/**
 * Builds the whole server (API and built site) without listening, so tests can call it with
 * inject and server.ts can start it. Plugins load in a fixed order: external, app, routes, site.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const limits = config.http;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // Slow clients (headers or bodies trickled in) lose their socket; see httpLimitsFor.
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: limits.checkIntervalMs },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // A hop count trusts that many proxies nearest to us (the last entries of X-Forwarded-For).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: false },
  });
  app.decorate('config', config);
  app.decorate('clock', options.now ?? systemClock);
  // Every route's schemas are the zod contracts of contracts/: they validate requests and
  // serialize answers, and the TypeScript types come from them.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.server.maxConnections = limits.maxConnections;
  // CONNECT (a proxy's method) never reaches the router: answer it rather than drop the connection.
  const connectRefused = JSON.stringify({ error: { code: 'method_not_allowed', message: 'CONNECT is not supported.' } });
  app.server.on('connect', (_request, socket) => {
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(connectRefused)}\r\nConnection: close\r\n\r\n${connectRefused}`,
    );
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, websocket: (route as { websocket?: boolean }).websocket === true });
  });

  // External plugins.
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });
  // @fastify/rate-limit counts an IPv6 client by its /64 and an IPv4-mapped one as IPv4, as
  // clientKey does for the limits it does not handle (test/server/request-guards.test.ts).
  await app.register(fastifyRateLimit, { global: false });

  // Application plugins.
  await app.register(errorHandler);
  // The Host check first: a request for another name goes no further.
  await app.register(allowedHosts);
  await app.register(securityHeaders, { siteDir: config.siteDir });
  await app.register(sameOrigin);
  await app.register(bodyTypes);
  await app.register(database, { databaseUrl: config.databaseUrl });
  await app.register(jobs);
  await app.register(metrics);
  await app.register(readiness);
  await app.register(openApi);
  // Capabilities: each a named plugin (fastify-plugin's name and dependencies) that says which
  // plugins must come before it; a wrong order stops the boot with a message naming both
  // (test/server/plugin-order.test.ts).
  // Staff first: its guard (an onRoute hook) protects every console route added after it, the
  // audit log's included; then the audit log every capability records into.
  await app.register(staffPlugin);
  await app.register(auditPlugin);
  // Customer accounts: /api/account (sign-in, the session) and `app.customers`, which the Game
  // Panel and the support desk read to know the signed-in customer.
  await app.register(accountsPlugin, options.accounts ?? {});
  // The status events (the log's publications, the other instances, open boards), then the
  // incidents that publish to them, then the status board (monitors, probes, agents) that reads
  // the incidents' maintenance; each owns its routes.
  await app.register(statusEventsPlugin);
  await app.register(incidentsPlugin);
  // The monitors file's `alerts` section is the alerts capability's, handed in (docs/decisions.md 140).
  await app.register(statusPlugin, { monitorsFileSections: [alertsFileSection] });
  // The probe locations: agents' tokens and batches (decided by the board), which locations report.
  await app.register(probeLocationsPlugin);
  // /api/health, /api/health/ready and /api/ping.
  await app.register(healthPlugin);
  // /api/panel, and what the support desk may know of a browser's panel session.
  await app.register(panelPlugin);
  // /api/staff/alerts: alert channels, the fan-out of monitor changes, draft incidents, the alert
  // outbox; before the support desk, which tells the team through it (app.alerts.notifyTeam).
  await app.register(alertsPlugin, options.alerts ?? {});
  // /api/support and /api/staff/conversations; the contact form starts its conversations through it.
  await app.register(supportPlugin, options.support ?? {});
  // /api/status/subscriptions, the fan-out of the status event log and the notification outbox.
  await app.register(subscriptionsPlugin, options.subscriptions ?? {});
  // /api/contact, and under /api/staff/contact the deliveries the console's Conversations show and retry (one outbox for both).
  await app.register(contactPlugin);
  // /api/catalog/stock and /api/staff/stock (docs/decisions.md 101-103).
  await app.register(stockPlugin, options.stock ?? {});
  // /api/staff/catalog: what the site sells, drafts and versions, and the rebuilt pages every instance serves.
  await app.register(catalogPlugin, options.catalog ?? {});
  // /api/staff/announcements and the banner each page is served with (before the site, which asks it).
  await app.register(announcementsPlugin, options.announcements ?? {});
  // The status pages with the board and history as they are now, rendered here (docs/decisions.md 147; before the site, after the banners).
  await app.register(statusPagesPlugin, options.statusPages ?? {});

  // The built site, and the 404 page for everything else.
  await app.register(staticSite, { siteDir: config.siteDir });
  await app.register(notFound);
  return app;
}
