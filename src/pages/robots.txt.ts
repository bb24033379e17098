import type { APIRoute } from 'astro';
import { site } from '../data/site.ts';

export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap-index.xml', site.url).href}\n`);
