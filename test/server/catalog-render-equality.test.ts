import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentSchemas } from '../../server/catalog/content-schemas.ts';
import { SiteRebuilder } from '../../server/catalog/site-rebuilder.ts';
import { renderKitDir, renderKitState } from '../../src/integrations/render-kit.ts';

type Line = { id: string; plans: { id: string; price: number }[] };
type Product = { id: string; price: number };
type Document = {
  plans: Line[];
  'plans.products': Product[];
  help: { faqs: { id: string; answer: string }[] };
  knowledge: { answer: string }[];
  'plans.taxLines': Record<string, string>;
};

const dist = path.resolve(import.meta.dirname, '../../dist');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-render-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const log = pino({ level: 'silent' });

/** Every file of a built folder, relative, but the finished marker (a time) and the render kit. */
function filesOf(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((f) => f !== '.built' && !f.startsWith(`${renderKitDir}/`))
    .sort();
}

/** A file's content as served: a brotli or gzip copy by what it decodes to (the two paths compress at different levels). */
function contentOf(file: string): Buffer {
  const bytes = fs.readFileSync(file);
  if (file.endsWith('.br')) return zlib.brotliDecompressSync(bytes);
  if (file.endsWith('.gz')) return zlib.gunzipSync(bytes);
  return bytes;
}

/**
 * A publish's fast path (docs/decisions.md 156: the built site's pages rendered again from the
 * render kit its build kept) gives every file exactly as a full `astro build` and postbuild of the
 * same document: the plan pages with their structured data and meta descriptions, /products,
 * the search index, the help assistant's data, the knowledge base, the sitemap and every other
 * page. The full build here is the fallback a site without a kit takes.
 */
describe('a publish rendered from the built site', () => {
  it('is byte for byte what a full build of the same document writes, and a site without its render kit falls back to that build', {
    timeout: 400_000,
  }, async () => {
    expect(fs.existsSync(path.join(dist, renderKitDir, renderKitState)), 'dist/ is built by npm run build, with its render kit').toBe(true);
    const schemas = new ContentSchemas();
    const document = structuredClone(await schemas.defaults()) as Document;
    await schemas.close();
    document.plans.find((l) => l.id === 'budget-vps')!.plans[0]!.price = 3.49;
    document['plans.products'].find((p) => p.id === 'minecraft-premium')!.price = 123456;
    document.help.faqs.find((f) => f.id === 'technical-lag')!.answer = 'Lag? Look at the CPU chart first.';
    document.knowledge[0]!.answer = 'Edited in the console, long enough.';
    document['plans.taxLines'].USD = 'excl. sales tax';

    const fast = await new SiteRebuilder({ buildsDir: path.join(scratch, 'fast'), log, baseDir: dist }).build(document);
    expect(fast.how).toBe('render');
    const noKit = path.join(scratch, 'site-without-kit');
    fs.mkdirSync(noKit);
    const full = await new SiteRebuilder({ buildsDir: path.join(scratch, 'full'), log, baseDir: noKit }).build(document);
    expect(full.how).toBe('build');

    const files = filesOf(full.dir);
    expect(filesOf(fast.dir)).toEqual(files);
    const different = files.filter((f) => !contentOf(path.join(fast.dir, f)).equals(contentOf(path.join(full.dir, f))));
    expect(different).toEqual([]);

    // The document's changes are in the pages that show them (so the two paths agree on new pages, not on dist/'s).
    const read = (file: string) => fs.readFileSync(path.join(fast.dir, file), 'utf8');
    const changed = files.filter(
      (f) =>
        !f.endsWith('.br') &&
        !f.endsWith('.gz') &&
        fs.existsSync(path.join(dist, f)) &&
        !fs.readFileSync(path.join(dist, f)).equals(fs.readFileSync(path.join(fast.dir, f))),
    );
    expect(changed).toEqual(
      expect.arrayContaining(['budget-vps/index.html', 'products/index.html', 'search-index.json', 'help-assistant.json', 'knowledge/index.html']),
    );
    expect(read('budget-vps/index.html')).toContain('"lowPrice":"3.49"');
    expect(read('budget-vps/index.html')).toContain('from $3.49 a month.">');
    expect(read('budget-vps/index.html')).toContain('excl. sales tax');
    expect(read('products/index.html')).toContain('₹1,23,456');
    expect(read('search-index.json')).toContain('from $3.49 a month.');
    expect(read('help-assistant.json')).toContain('Lag? Look at the CPU chart first.');
    expect(read('knowledge/index.html')).toContain('Edited in the console, long enough.');
    expect(read('sitemap.xml')).toContain('/budget-vps</loc>');
    // Unchanged files are dist/'s own, linked, with their compressed copies.
    const unchanged = files.find((f) => f.startsWith('_astro/') && f.endsWith('.js'))!;
    expect(fs.statSync(path.join(fast.dir, unchanged)).ino).toBe(fs.statSync(path.join(dist, unchanged)).ino);
  });
});
