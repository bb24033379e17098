import fs from 'node:fs';
import path from 'node:path';
import { isPrivateRoute } from '../../src/data/private-routes.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { knowledgeBase } from '../../src/data/knowledge.ts';
import { allPages } from '../../src/data/pages.ts';
import { site } from '../../src/data/site.ts';
import { decodeEntities, distDir, htmlFileOf, metaContent, requireBuild } from '../helpers/built-site.ts';

const routes = allPages.map((p) => p.path);
const absolute = (route: string) => new URL(route, site.url).href;

describe('titles and descriptions in src/data/pages.ts', () => {
  it('has one entry per page of src/pages (the 404 page aside), and no duplicates', () => {
    // Not public routes: the 404 page, the contact form's answer page (a template the server
    // fills) and the staff console (src/data/private-routes.ts).
    const notRoutes = new Set(['/404', '/contact/not-sent']);
    const pagesDir = path.resolve(import.meta.dirname, '../../src/pages');
    const pageFiles = fs
      .readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.astro'))
      .map((f) => `/${f.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/')
      .filter((route) => !notRoutes.has(route) && !isPrivateRoute(route));
    expect([...routes].sort()).toEqual(pageFiles.sort());
  });

  it('gives every route its own title, description and heading', () => {
    for (const key of ['title', 'description', 'heading'] as const) {
      const values = allPages.map((p) => p[key].toLowerCase());
      expect(new Set(values).size, `duplicate ${key}`).toBe(values.length);
    }
  });
});

describe('the built pages', () => {
  const html = new Map<string, string>();
  beforeAll(() => {
    requireBuild();
    for (const route of routes) {
      const file = htmlFileOf(route);
      if (!fs.existsSync(file)) throw new Error(`${route} was not built (${path.relative(process.cwd(), file)} is missing)`);
      html.set(route, fs.readFileSync(file, 'utf8'));
    }
  });

  it('have unique <title>s and meta descriptions, taken from pages.ts', () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const page of allPages) {
      const doc = html.get(page.path)!;
      const title = decodeEntities(doc.match(/<title>([^<]*)<\/title>/)?.[1] ?? '');
      expect(title, page.path).toContain(page.title);
      const description = metaContent(doc, 'description');
      expect(description, page.path).toBe(page.description);
      titles.add(title);
      descriptions.add(description!);
    }
    expect(titles.size).toBe(routes.length);
    expect(descriptions.size).toBe(routes.length);
  });

  it('have a canonical link and OpenGraph tags pointing at their own URL', () => {
    for (const page of allPages) {
      const doc = html.get(page.path)!;
      expect(doc.match(/<link rel="canonical" href="([^"]+)"/)?.[1], page.path).toBe(absolute(page.path));
      expect(metaContent(doc, 'og:url'), page.path).toBe(absolute(page.path));
      expect(metaContent(doc, 'og:title'), page.path).toContain(page.title);
      expect(metaContent(doc, 'og:description'), page.path).toBe(page.description);
      expect(metaContent(doc, 'og:type'), page.path).toBe('website');
    }
  });

  it('have exactly one h1', () => {
    for (const route of routes) expect(html.get(route)!.match(/<h1[\s>]/g), route).toHaveLength(1);
  });

  it('carry Organization JSON-LD, and /knowledge a FAQPage with every question of the knowledge base', () => {
    const jsonLd = (route: string) =>
      [...html.get(route)!.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    for (const route of routes)
      expect(
        jsonLd(route).some((d) => d['@type'] === 'Organization'),
        route,
      ).toBe(true);
    const faq = jsonLd('/knowledge').find((d) => d['@type'] === 'FAQPage') as
      | { mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[] }
      | undefined;
    expect(faq?.mainEntity.map((q) => q.name)).toEqual(knowledgeBase.map((k) => k.question));
    for (const q of faq!.mainEntity) {
      expect(q['@type']).toBe('Question');
      expect(q.acceptedAnswer.text.length).toBeGreaterThan(20);
    }
  });

  it('the 404 page is not indexed', () => {
    const doc = fs.readFileSync(path.join(distDir, '404.html'), 'utf8');
    expect(metaContent(doc, 'robots')).toBe('noindex');
    expect(doc).not.toContain('rel="canonical"');
  });
});

describe('sitemaps and robots.txt', () => {
  beforeAll(requireBuild);
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

  it('sitemap-index.xml leads to every route and not to 404', () => {
    const index = fs.readFileSync(path.join(distDir, 'sitemap-index.xml'), 'utf8');
    const urls = locs(index).flatMap((sitemap) => locs(fs.readFileSync(path.join(distDir, new URL(sitemap).pathname), 'utf8')));
    expect([...urls].sort()).toEqual(routes.map(absolute).sort());
    expect(urls.some((u) => u.includes('404'))).toBe(false);
  });

  it('sitemap.xml lists every route and not 404', () => {
    const urls = locs(fs.readFileSync(path.join(distDir, 'sitemap.xml'), 'utf8'));
    expect([...urls].sort()).toEqual(routes.map(absolute).sort());
  });

  it('robots.txt allows the site, keeps crawlers out of the API and names the sitemap', () => {
    const robots = fs.readFileSync(path.join(distDir, 'robots.txt'), 'utf8');
    expect(robots).toContain('Allow: /');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toMatch(/^Sitemap: https:\/\/\S+\/sitemap(-index)?\.xml$/m);
  });
});
