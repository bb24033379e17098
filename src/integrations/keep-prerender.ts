// Keeps what Astro renders the pages with, so a publish from the Catalog renders them again with
// the new content instead of building the whole site (docs/decisions.md 156).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { renderKitDir, renderKitState, type RenderKit, type RenderedPage } from './render-kit.ts';

/** The parts of Astro's build internals that rendering a page reads (astro/dist/core/build/environment.js). */
interface BuildInternals {
  pagesByKeys: Map<string, { styles: unknown[] }>;
  entrySpecifierToBundleMap: Map<string, string>;
}

interface PrerenderApp {
  setInternals(internals: BuildInternals): void;
  getSettings(): { scripts: { stage: string; content: string }[] };
}

/**
 * Node's own import: the config (and so this file) is run by Vite's module runner, which is
 * closed by the time the pages are rendered, and the bundle must be the very module Astro's
 * prerenderer imports.
 */
const nativeImport = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;

/** Where a page's route writes in a `format: 'directory'` build (astro/dist/core/build/common.js). */
export function outFileOf(pathname: string, type: string): string {
  const relative = pathname.replace(/^\//, '');
  if (type === 'endpoint') return relative;
  if (pathname === '/404' || pathname === '/500') return `${relative}.html`;
  return relative === '' ? 'index.html' : `${relative}/index.html`;
}

/**
 * Wraps Astro's own prerenderer in a plain build (not in a publish's full build, which has
 * HOSTFRONT_CONTENT_FILE): every page is rendered as before, and the prerender bundle, the
 * request of each page and the head elements' inputs are kept in `<outDir>/.render` (a dot
 * folder: never served). `scripts/catalog-render.ts` renders the pages from it.
 */
export function keepPrerender(): AstroIntegration {
  let outDir = '';
  let internals: BuildInternals | undefined;
  let scripts: { stage: string; content: string }[] = [];
  let entryFile = '';
  const pages: RenderedPage[] = [];
  return {
    name: 'hostfront:keep-prerender',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': ({ setPrerenderer }) => {
        if (process.env.HOSTFRONT_CONTENT_FILE) return;
        setPrerenderer((astro) => ({
          name: 'hostfront:keep-prerender',
          async setup() {
            const bundle = path.join(outDir, '.prerender');
            entryFile = fs.readdirSync(bundle).find((f) => f.startsWith('prerender-entry') && f.endsWith('.mjs')) ?? '';
            if (!entryFile) throw new Error(`keep-prerender: no prerender entry in ${bundle}`);
            // The same module Astro's prerenderer imports next: see the internals it is handed.
            const app = ((await nativeImport(pathToFileURL(path.join(bundle, entryFile)).href)) as { app: PrerenderApp }).app;
            const set = app.setInternals.bind(app);
            app.setInternals = (value) => {
              internals = value;
              set(value);
            };
            await astro.setup?.();
            scripts = app.getSettings().scripts.map(({ stage, content }) => ({ stage, content }));
          },
          getStaticPaths: () => astro.getStaticPaths(),
          async render(request, options) {
            const { routeData } = options;
            const pathname = new URL(request.url).pathname;
            pages.push({ url: request.url, route: routeData.route, component: routeData.component, file: outFileOf(pathname, routeData.type) });
            return astro.render(request, options);
          },
          teardown: async () => {
            await astro.teardown?.();
          },
        }));
      },
      'astro:build:generated': () => {
        if (process.env.HOSTFRONT_CONTENT_FILE || !internals) return;
        const kit = path.join(outDir, renderKitDir);
        fs.rmSync(kit, { recursive: true, force: true });
        fs.cpSync(path.join(outDir, '.prerender'), path.join(kit, 'bundle'), { recursive: true });
        const state: RenderKit = {
          entry: entryFile,
          pages,
          styles: [...internals.pagesByKeys].map(([key, data]) => [key, data.styles]),
          entrySpecifiers: [...internals.entrySpecifierToBundleMap],
          scripts,
        };
        fs.writeFileSync(path.join(kit, renderKitState), JSON.stringify(state));
      },
      'astro:build:done': () => {
        // Each page's file as this integration names it must be where Astro wrote it, or a
        // publish would write pages where none are served.
        for (const page of pages) {
          if (!fs.existsSync(path.join(outDir, page.file))) throw new Error(`keep-prerender: ${page.url} is not at ${page.file}`);
        }
      },
    },
  };
}
