import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { HttpError } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus registry every capability adds its metrics to. */
    metrics: Registry;
  }
  interface FastifyRequest {
    metricsStart?: bigint;
  }
}

/** Seconds buckets for answers and engine calls: 1 ms to 10 s. */
export const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Who may read the metrics: a bearer of METRICS_TOKEN, or, when none is set, this machine only. */
function authorize(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    if (!tokenMatches(request.headers.authorization, token)) {
      throw new HttpError(401, 'unauthorized', 'Send the metrics token as a bearer token.', { headers: { 'www-authenticate': 'Bearer' } });
    }
    return;
  }
  if (!isLoopback(request.ip))
    throw new HttpError(403, 'forbidden', 'Metrics are readable from this machine only (set METRICS_TOKEN to read them from elsewhere).');
}

/**
 * GET /metrics in the Prometheus text format: answer time by route and status, the process
 * (memory, event-loop delay, GC), the database pool, and what each capability registers on
 * `app.metrics` (status streams and probes, console sockets and engine calls, the outbox).
 */
async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const registry = new Registry();
  app.decorate('metrics', registry);
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const answers = new Histogram({
    name: 'hostfront_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: latencyBuckets,
    registers: [registry],
  });
  app.addHook('onRequest', async (request) => {
    request.metricsStart = process.hrtime.bigint();
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.metricsStart === undefined) return;
    // The route's pattern, never the raw URL: unknown paths share one label, so a scan cannot grow the series.
    const route = request.routeOptions.url ?? 'unmatched';
    answers.observe({ method: request.method, route, status_code: String(reply.statusCode) }, Number(process.hrtime.bigint() - request.metricsStart) / 1e9);
  });

  if (app.pgPool) {
    const pool = app.pgPool;
    new Gauge({
      name: 'hostfront_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and clients waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  const token = app.config.metrics.token;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    authorize(request, token);
    void reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}
export const metrics = fp(metricsPlugin, { name: 'metrics' });
