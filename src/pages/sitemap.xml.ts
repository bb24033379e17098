import type { APIRoute } from 'astro';
import { allPages } from '../data/pages.ts';
import { isPrivateRoute } from '../data/private-routes.ts';
import { site } from '../data/site.ts';

/**
 * /sitemap.xml, where crawlers look first: every route of src/data/pages.ts (the 404 page is
 * not a route; private routes such as /staff are never listed). The @astrojs/sitemap
 * integration writes the same URLs to sitemap-index.xml.
 */
export const GET: APIRoute = () => {
  const urls = allPages
    .filter((p) => !isPrivateRoute(p.path))
    .map((p) => `  <url><loc>${new URL(p.path, site.url).href}</loc></url>`)
    .join('\n');
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`, {
    headers: { 'content-type': 'application/xml' },
  });
};
