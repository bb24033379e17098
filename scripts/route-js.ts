// The JavaScript a built page loads before the visitor's first interaction, by gzip size, read
// from the built HTML and the scripts it names (docs/decisions.md 87). Pure reading: the files
// come through `read`, so a test can feed a made-up build.
//
// Counted (before interaction):
// - every inline <script> that is JavaScript (Astro's island runtime, the directives' loaders,
//   inlined page scripts), each as one module;
// - every <script src> and <link rel="modulepreload"> of the page's own files;
// - each <astro-island> that hydrates without the visitor: client="load", "idle", "only" and
//   "media" (a media query may match at load): its component-url, renderer-url and
//   before-hydration-url;
// - the static import graph of all of those (`import … from "./x.js"`, `import "./x.js"`,
//   `export … from "./x.js"`), to the end. A dynamic import() is loaded later, not counted.
// Not counted: client="visible" islands (they load when scrolled into view; a page keeps them
// below the first screen, test/e2e/home-javascript.spec.ts checks the home page) and
// client="interaction" islands (src/directives/interaction.ts: on the first press, focus or key), nor
// client="customer" ones (src/directives/customer.ts: at load only for a browser that brings a
// customer or a server, else on the first touch; a new visitor is what the budget is for).
import path from 'node:path';
import zlib from 'node:zlib';

/** Island hydration directives that run without any action of the visitor. */
export const atLoadDirectives = new Set(['load', 'idle', 'only', 'media']);

export interface RouteModule {
  /** Stable across builds: the file name without its content hash (`client.js`), or `inline:<what>`. */
  name: string;
  /** The site path of the file, or `inline` for a script in the page. */
  url: string;
  gzip: number;
}

export interface RouteJs {
  route: string;
  modules: RouteModule[];
  gzip: number;
}

/** Reads a file of the built site by its site path (`/_astro/x.js`); undefined when missing. */
export type SiteReader = (sitePath: string) => Buffer | undefined;

const entities: Record<string, string> = { '&quot;': '"', '&#34;': '"', '&amp;': '&', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const decode = (s: string) => s.replace(/&(quot|#34|amp|#39|lt|gt);/g, (m) => entities[m] ?? m);

/** `SearchBox.CMQDMiob.js` → `SearchBox.js`: Vite's names are `[name].[8-character hash].js`. */
export function stableName(url: string): string {
  return path.posix.basename(url).replace(/\.[A-Za-z0-9_-]{8}\.(m?js)$/, '.$1');
}

/** What an inline script is, for its stable name: Astro's runtime and loaders, or a digest of its start. */
function inlineName(body: string): string {
  if (body.includes('customElements.define("astro-island"') || body.includes("customElements.define('astro-island'")) return 'inline:astro-island';
  const directive = body.match(/\(self\.Astro\|\|\(self\.Astro=\{\}\)\)\.(\w+)=/)?.[1];
  if (directive) return `inline:astro-${directive}`;
  const start = body.trim().slice(0, 40).replace(/\s+/g, ' ');
  return `inline:${start}`;
}

function attribute(tag: string, name: string): string | undefined {
  const value = tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
  return value === undefined ? undefined : decode(value);
}

/** The specifiers of a module's static imports and re-exports (never a dynamic import()). */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern = /(?<![\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?(["'`])([^"'`\n]+?\.m?js)\1/g;
  for (const match of code.matchAll(pattern)) found.add(match[2]!);
  return [...found];
}

/** Only the site's own files count; a script of another origin is not part of the build. */
function isOwn(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

export function gzipSize(content: Buffer): number {
  return zlib.gzipSync(content, { level: 9 }).length;
}

/** The JavaScript one page loads before interaction, module by module, largest first. */
export function routeJs(route: string, html: string, read: SiteReader): RouteJs {
  const modules = new Map<string, RouteModule>();
  const entries: string[] = [];

  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    const type = attribute(attributes, 'type');
    if (type !== undefined && type !== 'module' && type !== 'text/javascript') continue;
    const src = attribute(attributes, 'src');
    if (src !== undefined) {
      if (isOwn(src)) entries.push(src);
      continue;
    }
    if (body.trim() === '') continue;
    const name = inlineName(body);
    const key = `${name}#${modules.size}`;
    modules.set(key, { name, url: 'inline', gzip: gzipSize(Buffer.from(body)) });
    for (const specifier of staticImports(body)) entries.push(new URL(specifier, `http://site${route}`).pathname);
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    if (attribute(match[0], 'rel') !== 'modulepreload') continue;
    const href = attribute(match[0], 'href');
    if (href !== undefined && isOwn(href)) entries.push(href);
  }
  for (const match of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    if (!atLoadDirectives.has(attribute(match[0], 'client') ?? '')) continue;
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = attribute(match[0], name);
      if (url && isOwn(url)) entries.push(url);
    }
  }

  const pending = [...entries];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const url = pending.pop()!.split(/[?#]/)[0]!;
    if (seen.has(url)) continue;
    seen.add(url);
    const content = read(url);
    if (!content) throw new Error(`${route} loads ${url}, which the build does not have`);
    modules.set(url, { name: stableName(url), url, gzip: gzipSize(content) });
    for (const specifier of staticImports(content.toString('utf8'))) pending.push(new URL(specifier, `http://site${url}`).pathname);
  }

  const list = [...modules.values()].sort((a, b) => b.gzip - a.gzip || a.name.localeCompare(b.name));
  return { route, modules: list, gzip: list.reduce((sum, m) => sum + m.gzip, 0) };
}
