import type { APIRoute } from 'astro';
import { privateRoutePrefixes } from '../data/private-routes.ts';
import { site } from '../data/site.ts';

const privateRules = privateRoutePrefixes.map((prefix) => `Disallow: ${prefix}\n`).join('');

export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\nDisallow: /api/\n${privateRules}\nSitemap: ${new URL('/sitemap-index.xml', site.url).href}\n`);
