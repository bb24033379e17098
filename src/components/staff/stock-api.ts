/** The browser side of /api/staff/stock (types only from the contract). */
import type { StaffStockAnswer } from '../../../contracts/stock.ts';
import { apiFetch } from '../../lib/api-client.ts';

type Key = { line: string; plan: string; location: string };

export const stockApi = {
  rows: () => apiFetch<StaffStockAnswer>('GET', '/api/staff/stock'),
  refresh: () => apiFetch<StaffStockAnswer>('POST', '/api/staff/stock/refresh', { body: {} }),
  override: (body: Key & { mode: 'sold_out' | 'count'; count?: number }) => apiFetch<StaffStockAnswer>('PUT', '/api/staff/stock/overrides', { body }),
  clear: (k: Key) =>
    apiFetch<StaffStockAnswer>('DELETE', `/api/staff/stock/overrides?${new URLSearchParams({ line: k.line, plan: k.plan, location: k.location }).toString()}`),
};
