// After `astro build`: moves the pages the server fills per request into dist/.templates (never
// served as pages), moves the islands' style into <head>, lists the sha256 of every inline script
// the build emitted (the server's CSP allows exactly those), then writes brotli and gzip copies of
// every text asset so the server sends them without compressing per request.
import fs from 'node:fs';
import path from 'node:path';
import { addInlineScriptHashes, cspHashesJson, isPrecompressed, siteFiles, templates, withIslandStyleInHead, writeCompressed } from './postbuild-steps.ts';

// A publish's full build (the fallback of docs/decisions.md 156) builds into a folder of its own
// and compresses faster (server/catalog/site-rebuilder.ts, docs/decisions.md 97):
// `postbuild.ts <folder> --fast`.
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
const fast = process.argv.includes('--fast');

for (const [built, template] of Object.entries(templates)) {
  fs.mkdirSync(path.dirname(path.join(dist, template)), { recursive: true });
  fs.renameSync(path.join(dist, built), path.join(dist, template));
  fs.rmdirSync(path.dirname(path.join(dist, built)));
}
const files = siteFiles(dist);

const hashes = new Set<string>();
for (const file of files.filter((f) => f.endsWith('.html'))) {
  const html = fs.readFileSync(path.join(dist, file), 'utf8');
  const moved = withIslandStyleInHead(html);
  if (moved !== html) fs.writeFileSync(path.join(dist, file), moved);
  addInlineScriptHashes(moved, hashes);
}
fs.writeFileSync(path.join(dist, 'csp-hashes.json'), cspHashesJson(hashes));

let written = 0;
for (const file of files) {
  const content = fs.readFileSync(path.join(dist, file));
  if (!isPrecompressed(file, content.length)) continue;
  writeCompressed(path.join(dist, file), content, fast);
  written += 1;
}
console.log(`postbuild: ${hashes.size} inline script hash(es), ${written} file(s) precompressed`);
