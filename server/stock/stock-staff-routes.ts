import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../contracts/http-error.ts';
import { staffStockAnswer, stockOverrideInput, stockOverrideKey } from '../../contracts/stock.ts';
import type { StockService } from './stock-service.ts';
import type { StockWatchService } from './stock-watch.ts';

/**
 * The console's Stock view under /api/staff/stock (permission stock.manage, admins): every plan
 * at every location with what was measured and any override; set or clear an override; measure
 * now. Every change is in the audit log.
 */
export function stockStaffRoutes(app: FastifyInstance, deps: { stock: StockService; watch: StockWatchService | undefined }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guarded = { preHandler: app.staffAccess.require('stock.manage') };
  const rows = async () => deps.stock.staffRows((await deps.watch?.waitingCounts()) ?? new Map());

  api.get('/', { ...guarded, schema: { response: { 200: staffStockAnswer, ...errorResponses(401, 403) } } }, rows);

  api.put(
    '/overrides',
    { ...guarded, schema: { body: stockOverrideInput, response: { 200: staffStockAnswer, ...errorResponses(400, 401, 403) } } },
    async (request) => {
      const o = request.body;
      await deps.stock.setOverride(o, request.staff!.email);
      await app.audit.record({
        ...request.acting!,
        action: 'stock.override',
        target: `${o.line}/${o.plan} at ${o.location}`,
        detail: { mode: o.mode, ...(o.mode === 'count' ? { count: o.count ?? 0 } : {}) },
      });
      return rows();
    },
  );

  api.delete(
    '/overrides',
    { ...guarded, schema: { querystring: stockOverrideKey, response: { 200: staffStockAnswer, ...errorResponses(400, 401, 403) } } },
    async (request) => {
      const k = request.query;
      if (await deps.stock.clearOverride(k)) {
        await app.audit.record({ ...request.acting!, action: 'stock.override.cleared', target: `${k.line}/${k.plan} at ${k.location}` });
      }
      return rows();
    },
  );

  api.post(
    '/refresh',
    { ...guarded, schema: { body: z.object({}).optional(), response: { 200: staffStockAnswer, ...errorResponses(401, 403, 502) } } },
    async () => {
      await deps.stock.refresh(true);
      return rows();
    },
  );
}
