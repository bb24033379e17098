import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSiteFiles } from '../../server/plugins/site-files.ts';

const tagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

// docs/decisions.md 150: the original of a file with a gzip copy is that copy decoded, not held.
describe('originals kept as their gzip copy', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function site(files: Record<string, { text: string; gzip?: string; br?: boolean }>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-original-'));
    dirs.push(dir);
    for (const [name, { text, gzip, br }] of Object.entries(files)) {
      const file = path.join(dir, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      if (gzip !== undefined) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(gzip));
      if (br) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    }
    return dir;
  }

  it('holds only the compressed copies of a file that has a gzip copy, and gives its original bytes and tag when asked', () => {
    // Over 64 KiB, so the tag is computed over more than one piece read.
    const page = `<!doctype html><title>Home</title>${'<p>Game servers, near you.</p>'.repeat(4000)}`;
    const robots = 'User-agent: *';
    const dir = site({ 'index.html': { text: page, gzip: page, br: true }, 'robots.txt': { text: robots } });
    const files = loadSiteFiles(dir);
    const home = files.files.get('/')!;
    const gzip = fs.readFileSync(path.join(dir, 'index.html.gz'));
    const br = fs.readFileSync(path.join(dir, 'index.html.br'));
    expect(files.bytes, 'the original of index.html is not counted as held').toBe(gzip.length + br.length + robots.length);
    expect(home.identity.etag).toBe(tagOf(Buffer.from(page)));
    expect(home.identity.headers['content-length']).toBe(String(Buffer.byteLength(page)));
    // The site's folder may go (a catalog rebuild's, docs/decisions.md 97): the original comes from memory.
    fs.rmSync(dir, { recursive: true, force: true });
    expect(home.identity.body.toString()).toBe(page);
    expect(home.identity.body.toString(), 'asked again').toBe(page);
    expect(files.files.get('/robots.txt')!.identity.body.toString()).toBe(robots);
  });

  it('holds the original as it is when the gzip copy is not of it', () => {
    const dir = site({ 'app.js': { text: 'console.log("the built file");', gzip: 'console.log("a stale copy, longer");' } });
    const file = loadSiteFiles(dir).files.get('/app.js')!;
    expect(file.identity.body.toString()).toBe('console.log("the built file");');
    expect(file.identity.etag).toBe(tagOf(Buffer.from('console.log("the built file");')));
  });
});
