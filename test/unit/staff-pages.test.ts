import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPrivateRoute } from '../../src/data/private-routes.ts';
import { builtPages, distDir, metaContent, requireBuild } from '../helpers/built-site.ts';

const staffRoutes = ['/staff', '/staff/enrol', '/staff/acknowledge'];

describe('the staff console pages', () => {
  beforeAll(requireBuild);
  const read = (file: string) => fs.readFileSync(path.join(distDir, file), 'utf8');

  it('are built, never indexed, and carry no canonical link', () => {
    for (const route of staffRoutes) {
      const html = read(`${route.slice(1)}/index.html`);
      expect(metaContent(html, 'robots'), route).toBe('noindex');
      expect(html, route).not.toContain('rel="canonical"');
    }
  });

  it('are in no sitemap and no search index, and robots.txt keeps crawlers out', () => {
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const indexed = locs(read('sitemap-index.xml')).flatMap((sitemap) => locs(read(new URL(sitemap).pathname.slice(1))));
    const all = [...indexed, ...locs(read('sitemap.xml'))];
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((url) => url.includes('/staff'))).toEqual([]);
    expect(read('search-index.json')).not.toContain('/staff');
    expect(read('robots.txt')).toMatch(/^Disallow: \/staff$/m);
  });

  it('load their scripts and styles only on staff pages', () => {
    const staffAssets = new Set<string>();
    for (const route of staffRoutes) {
      for (const m of read(`${route.slice(1)}/index.html`).matchAll(/\/_astro\/(Staff\w*|EnrolPage|AcknowledgePage|staff-\w+)\.[\w-]+\.(js|css)/g))
        staffAssets.add(m[0]);
    }
    expect([...staffAssets].some((a) => a.endsWith('.css'))).toBe(true);
    expect([...staffAssets].some((a) => a.includes('StaffConsole'))).toBe(true);
    for (const [route, file] of builtPages().filter(([route]) => !isPrivateRoute(route))) {
      const html = fs.readFileSync(file, 'utf8');
      for (const asset of staffAssets) expect(html, `${route} loads ${asset}`).not.toContain(asset);
      expect(html, route).not.toContain('simplewebauthn');
    }
  });

  it('knows which routes are private', () => {
    expect(isPrivateRoute('/staff')).toBe(true);
    expect(isPrivateRoute('/staff/enrol')).toBe(true);
    expect(isPrivateRoute('https://www.example.com/staff/enrol')).toBe(true);
    expect(isPrivateRoute('/staffing')).toBe(false);
    expect(isPrivateRoute('/')).toBe(false);
  });
});
