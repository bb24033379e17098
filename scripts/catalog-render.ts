// Renders a built site's pages again with a published catalog document, from the render kit the
// plain build kept (src/integrations/keep-prerender.ts), into a new folder: the pages that come
// out different are written and compressed, every other file is a hard link to the built site's
// (docs/decisions.md 156). Run by server/catalog/site-rebuilder.ts:
//   node scripts/catalog-render.ts <built site> <document.json> <new folder>
// Exit 0: done (one JSON line of figures on stdout). Exit 2: a page threw with this document,
// as the full build would (its words on stderr). Exit 3: the kit cannot render here (missing,
// from another Astro, a route it cannot replay): the caller builds in full instead.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderKitDir, renderKitState, type RenderKit } from '../src/integrations/render-kit.ts';
import { addInlineScriptHashes, cspHashesJson, isPrecompressed, siteFiles, templates, withIslandStyleInHead, writeCompressed } from './postbuild-steps.ts';

const exitPageFailed = 2;
const exitNoKit = 3;

interface RouteData {
  route: string;
  component: string;
  type: string;
}
interface PrerenderApp {
  manifest: { routes: { routeData: RouteData }[] };
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
}

class NoKit extends Error {}

const [baseArg, documentArg, outArg] = process.argv.slice(2);
if (!baseArg || !documentArg || !outArg) {
  console.error('usage: catalog-render.ts <built site> <document.json> <new folder>');
  process.exit(1);
}
const base = path.resolve(baseArg);
const out = path.resolve(outArg);

async function loadApp(): Promise<{ kit: RenderKit; app: PrerenderApp }> {
  const kitDir = path.join(base, renderKitDir);
  let kit: RenderKit;
  try {
    kit = JSON.parse(fs.readFileSync(path.join(kitDir, renderKitState), 'utf8')) as RenderKit;
  } catch (error) {
    throw new NoKit(`no render kit in ${kitDir}: ${(error as Error).message}`);
  }
  try {
    const { app } = (await import(pathToFileURL(path.join(kitDir, 'bundle', kit.entry)).href)) as { app: PrerenderApp };
    // What Astro's build hands its prerenderer (astro/dist/core/build/environment.js reads these).
    app.setInternals({
      pagesByKeys: new Map(kit.styles.map(([key, styles]) => [key, { styles }])),
      entrySpecifierToBundleMap: new Map(kit.entrySpecifiers),
    });
    const destination = { write: (event: { level: string; message: string }) => (event.level === 'error' ? console.error(event.message) : true) };
    app.setOptions({ settings: { scripts: kit.scripts }, logger: { options: { destination } } });
    return { kit, app };
  } catch (error) {
    throw new NoKit(`the render kit does not load: ${(error as Error).message}`);
  }
}

/** Each page's bytes as the full build writes them, by their place in the folder (after postbuild). */
async function render(kit: RenderKit, app: PrerenderApp): Promise<Map<string, Buffer>> {
  const pages = new Map<string, Buffer>();
  for (const page of kit.pages) {
    const routeData = app.manifest.routes.find((r) => r.routeData.route === page.route && r.routeData.component === page.component)?.routeData;
    if (!routeData) throw new NoKit(`the kit has no route ${page.route}`);
    // As Astro's createRequest makes a prerendered page's request: no headers, no query.
    const url = new URL(page.url);
    url.search = '';
    const response = await app.render(new Request(url), { routeData });
    if (response.status >= 300 && response.status < 400) throw new NoKit(`${page.url} redirects: only a full build writes redirects`);
    if (!response.body) throw new NoKit(`${page.url} has no body`);
    let body = Buffer.from(await response.arrayBuffer());
    const file = templates[page.file] ?? page.file;
    if (file.endsWith('.html')) body = Buffer.from(withIslandStyleInHead(body.toString('utf8')));
    pages.set(file, body);
  }
  return pages;
}

function link(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.linkSync(from, to);
  } catch (error) {
    // Another disk (SITE_BUILDS_DIR elsewhere): a copy.
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.copyFileSync(from, to);
  }
}

/** The new folder: changed pages written and compressed, everything else linked to the built site. */
function compose(pages: Map<string, Buffer>): number {
  const rendered = new Set([...pages.keys()].flatMap((f) => [f, `${f}.br`, `${f}.gz`]));
  rendered.add('csp-hashes.json');
  for (const file of siteFiles(base)) if (!rendered.has(file)) link(path.join(base, file), path.join(out, file));
  let changed = 0;
  const hashes = new Set<string>();
  for (const file of siteFiles(out)) if (file.endsWith('.html')) addInlineScriptHashes(fs.readFileSync(path.join(out, file), 'utf8'), hashes);
  for (const [file, body] of pages) {
    if (file.endsWith('.html')) addInlineScriptHashes(body.toString('utf8'), hashes);
    const before = path.join(base, file);
    if (fs.existsSync(before) && fs.readFileSync(before).equals(body)) {
      for (const copy of [file, `${file}.br`, `${file}.gz`]) if (fs.existsSync(path.join(base, copy))) link(path.join(base, copy), path.join(out, copy));
      continue;
    }
    changed += 1;
    fs.mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    fs.writeFileSync(path.join(out, file), body);
    if (isPrecompressed(file, body.length)) writeCompressed(path.join(out, file), body, true);
  }
  fs.writeFileSync(path.join(out, 'csp-hashes.json'), cspHashesJson(hashes));
  return changed;
}

try {
  const started = performance.now();
  (globalThis as { hostfrontContent?: unknown }).hostfrontContent = JSON.parse(fs.readFileSync(documentArg, 'utf8'));
  const { kit, app } = await loadApp();
  const loaded = performance.now();
  const pages = await render(kit, app);
  const renderedAt = performance.now();
  const changed = compose(pages);
  const ms = (t: number) => Math.round(t);
  console.log(
    JSON.stringify({
      loadMs: ms(loaded - started),
      renderMs: ms(renderedAt - loaded),
      postbuildMs: ms(performance.now() - renderedAt),
      pages: pages.size,
      changed,
    }),
  );
  process.exit(0);
} catch (error) {
  if (error instanceof NoKit) {
    console.error(error.message);
    process.exit(exitNoKit);
  }
  // A page that threw with this document (a content error, a line that is not there): the full
  // build stops on the same error, in the same words.
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(exitPageFailed);
}
