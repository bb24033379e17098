// The JavaScript every built page loads before interaction (scripts/route-js.ts), read from dist/.
// Run it to print the table with each route's budget (scripts/js-budgets.ts):
// `node scripts/built-site-js.ts [dist]`.
import fs from 'node:fs';
import path from 'node:path';
import { routeBudget } from './js-budget-check.ts';
import { jsBudgets } from './js-budgets.ts';
import { type RouteJs, routeJs, type SiteReader } from './route-js.ts';

/** Reads files of a built site by site path, never outside it. */
export function siteReader(dist: string): SiteReader {
  return (sitePath) => {
    const file = path.join(dist, decodeURIComponent(sitePath));
    if (!file.startsWith(dist + path.sep)) return undefined;
    try {
      return fs.readFileSync(file);
    } catch {
      return undefined;
    }
  };
}

/** Every served page of dist/ ("/" for index.html, "/404" for 404.html; not dist/.templates). */
export function builtRoutes(dist: string): [string, string][] {
  const pages: [string, string][] = [];
  for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const rel = path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (rel.split('/').some((part) => part.startsWith('.'))) continue;
    const route = rel === 'index.html' ? '/' : rel === '404.html' ? '/404' : `/${rel.replace(/\/index\.html$/, '')}`;
    pages.push([route, path.join(dist, rel)]);
  }
  return pages.sort(([a], [b]) => a.localeCompare(b));
}

export function builtSiteJs(dist: string): RouteJs[] {
  const read = siteReader(dist);
  return builtRoutes(dist).map(([route, file]) => routeJs(route, fs.readFileSync(file, 'utf8'), read));
}

if (import.meta.main) {
  const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
  console.log('| Route | JS before interaction (KB gzip) | Modules | Budget (KB) |\n|---|---:|---:|---:|');
  for (const page of builtSiteJs(dist)) {
    console.log(`| ${page.route} | ${(page.gzip / 1024).toFixed(1)} | ${page.modules.length} | ${routeBudget(jsBudgets, page.route) / 1024} |`);
  }
}
