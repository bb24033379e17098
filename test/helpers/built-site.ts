import fs from 'node:fs';
import path from 'node:path';

/** The built site (npm run build writes it; `npm test` builds before running Vitest). */
export const distDir = path.resolve(import.meta.dirname, '../../dist');

/** Fails with a clear message when the site has not been built. */
export function requireBuild(): void {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error(`No built site in ${distDir}: run npm run build first`);
}

/** The built HTML file of a route: "/" → dist/index.html, "/about" → dist/about/index.html. */
export function htmlFileOf(route: string): string {
  return path.join(distDir, route === '/' ? '' : route.slice(1), 'index.html');
}

/** Every built HTML page, as [route, file]; 404.html as "/404". */
export function builtPages(): [string, string][] {
  const pages: [string, string][] = [];
  for (const entry of fs.readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const rel = path.relative(distDir, file).split(path.sep).join('/');
    const route = rel === 'index.html' ? '/' : rel === '404.html' ? '/404' : `/${rel.replace(/\/index\.html$/, '')}`;
    pages.push([route, file]);
  }
  return pages.sort(([a], [b]) => a.localeCompare(b));
}

const entities: Record<string, string> = { '&quot;': '"', '&#34;': '"', '&amp;': '&', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
export const decodeEntities = (s: string) => s.replace(/&(quot|#34|amp|#39|lt|gt);/g, (m) => entities[m] ?? m);

/** The value of the first `<meta name|property=...>` with that key. */
export function metaContent(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]*(?:name|property)="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`))?.[0];
  const value = tag?.match(/content="([^"]*)"/)?.[1];
  return value === undefined ? undefined : decodeEntities(value);
}
