import type { APIRoute } from 'astro';
import { searchIndex } from '../data/search-items.ts';

/** The header search's index, fetched by the browser on first use. */
export const GET: APIRoute = () => new Response(JSON.stringify(searchIndex), { headers: { 'content-type': 'application/json' } });
