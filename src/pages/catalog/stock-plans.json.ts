import type { APIRoute } from 'astro';
import { stockCatalog } from '../../data/plan-stock.ts';

/** The plans the server counts stock for (contracts/stock-rules.ts stockCatalogPath): sizes, locations, where stock comes from. */
export const GET: APIRoute = () => new Response(JSON.stringify(stockCatalog()), { headers: { 'content-type': 'application/json' } });
