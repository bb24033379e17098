import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '../lib/http-error.ts';
import { NameResolver } from './name-resolver.ts';
import { StatusChecker, type CheckRequest } from './status-checker.ts';
import { LocalCoordinator, PgCoordinator, type Coordinator } from './coordination.ts';
import { loadMonitorsFile } from './monitors-file.ts';
import { resultsAt } from './status-repository.ts';
import { StatusService } from './status-service.ts';

const uptimesSchema = {
  type: 'object',
  properties: { h24: { type: ['number', 'null'] }, d30: { type: ['number', 'null'] }, d90: { type: ['number', 'null'] } },
  required: ['h24', 'd30', 'd90'],
} as const;

const reportSchema = {
  type: 'object',
  properties: {
    summary: {
      type: 'object',
      properties: {
        banner: { type: 'string' },
        monitored: { type: 'integer' },
        uptime90d: { type: ['number', 'null'] },
        uptimes: uptimesSchema,
        intervalSeconds: { type: 'number' },
        incidents: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              title: { type: 'string' },
              message: { type: 'string' },
              startedAt: { type: 'string' },
              resolvedAt: { type: 'string' },
            },
            required: ['id', 'title'],
          },
        },
      },
      required: ['banner', 'monitored', 'uptime90d', 'uptimes', 'incidents'],
    },
    servers: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          type: { type: 'string' },
          status: { type: 'string' },
          latency: { type: 'number' },
          uptime: { type: ['number', 'null'] },
          uptimes: uptimesSchema,
          checkedAt: { type: ['number', 'null'] },
          history: {
            type: 'array',
            items: { type: 'object', properties: { timestamp: { type: 'number' }, latency: { type: 'number' } }, required: ['timestamp', 'latency'] },
          },
        },
        required: ['id', 'name', 'type', 'status', 'latency', 'uptime', 'uptimes', 'checkedAt', 'history'],
      },
    },
  },
  required: ['summary', 'servers'],
} as const;

const checkBodySchema = {
  type: 'object',
  properties: {
    address: { type: 'string', minLength: 1, maxLength: 260 },
    type: { type: 'string', enum: ['minecraft', 'tcp', 'http'] },
  },
  required: ['address'],
  additionalProperties: false,
} as const;

const checkAnswerSchema = {
  type: 'object',
  properties: {
    ok: { type: 'boolean' },
    latency: { type: 'number' },
    players: { type: 'object', properties: { online: { type: 'integer' }, max: { type: 'integer' } }, required: ['online', 'max'] },
    version: { type: 'string' },
  },
  required: ['ok', 'latency'],
} as const;

/**
 * The status capability under /api/status: the board (GET /), its live stream (GET /stream),
 * and the visitors' checker (POST /check). Probing starts when the app is ready and stops
 * when it closes; an empty monitors file means no background work at all.
 */
export async function statusPlugin(app: FastifyInstance): Promise<void> {
  const { monitors, incidents } = loadMonitorsFile(app.config.status.monitorsFile, {
    PORT: app.config.port,
    DEMO_MC_PORT: app.config.panel.demoMcPort,
  });
  const shortestIntervalMs = Math.min(30_000, ...monitors.map((m) => m.intervalSeconds * 1000));
  const coordinator: Coordinator = app.pgPool
    ? new PgCoordinator({
        pool: app.pgPool,
        // Retry the lock every half interval: a dead holder is replaced within one interval.
        retryMs: Math.max(100, shortestIntervalMs / 2),
        log: app.log,
        loadRound: async (id) => {
          const rows = await resultsAt(app.db, id);
          return { id, updates: rows.map((r) => ({ id: r.monitorId, status: r.state, latency: r.latency, timestamp: r.at })) };
        },
      })
    : new LocalCoordinator();
  const { streamsPerAddress, streamsTotal } = app.config.status;
  const service = new StatusService({
    db: app.db,
    monitors,
    incidents,
    coordinator,
    log: app.log,
    streams: { maxPerAddress: streamsPerAddress, maxTotal: streamsTotal },
  });

  const { allowPrivate, checkPorts, dnsServers, checksInFlight, dnsTimeoutMs } = app.config.status;
  const checker = new StatusChecker({ allowPrivate, ports: checkPorts, maxInFlight: checksInFlight, resolver: new NameResolver({ servers: dnsServers, timeoutMs: dnsTimeoutMs }) });

  app.addHook('onReady', async () => {
    await service.start();
  });
  // Open streams would keep server.close() waiting: end them before it is called.
  app.addHook('preClose', async () => {
    service.closeStreams();
  });
  app.addHook('onClose', async () => {
    await service.stop();
  });

  app.get('/', { schema: { response: { 200: reportSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return service.report();
  });

  app.get('/stream', async (request, reply) => {
    const header = request.headers['last-event-id'];
    const query = (request.query as { lastEventId?: string } | undefined)?.lastEventId;
    const raw = (Array.isArray(header) ? header[0] : header) ?? query;
    const lastEventId = raw !== undefined && /^\d{1,16}$/.test(raw) ? Number(raw) : undefined;
    reply.hijack();
    service.hub.subscribe(request.raw, reply.raw, lastEventId, request.ip);
  });

  app.post<{ Body: CheckRequest }>(
    '/check',
    {
      config: { rateLimit: { max: 6, timeWindow: 60_000 } },
      schema: { body: checkBodySchema, response: { 200: checkAnswerSchema, 400: errorBodySchema, 429: errorBodySchema } },
    },
    async (request) => checker.check(request.body),
  );
}
