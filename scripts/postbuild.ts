// After `astro build`: moves the pages the server fills per request into dist/.templates (never
// served as pages), moves the islands' style into <head>, lists the sha256 of every inline script
// the build emitted (the server's CSP allows exactly those), then writes brotli and gzip copies of
// every text asset so the server sends them without compressing per request.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { notSentTemplatePath } from '../contracts/contact-rules.ts';
import { consentScriptOrigins } from '../src/data/consent-scripts.ts';
import { latencyEndpointOrigins } from '../src/data/latency-endpoints.ts';

// A publish from the staff console rebuilds into a folder of its own and compresses faster
// (server/catalog/site-rebuilder.ts, docs/decisions.md 97): `postbuild.ts <folder> --fast`.
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
const fast = process.argv.includes('--fast');

/** Built pages that are templates for the server, by where Astro wrote them → where the server reads them. */
const templates: Record<string, string> = { 'contact/not-sent/index.html': notSentTemplatePath };
for (const [built, template] of Object.entries(templates)) {
  fs.mkdirSync(path.dirname(path.join(dist, template)), { recursive: true });
  fs.renameSync(path.join(dist, built), path.join(dist, template));
  fs.rmdirSync(path.dirname(path.join(dist, built)));
}
const files = fs
  .readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => path.join(e.parentPath, e.name));

// Astro writes `<style>astro-island,…{display:contents}</style>` just before a page's first
// island, inside <body>, where HTML allows no <style> (the Nu HTML Checker reports it). The
// same rule goes to the end of <head> instead.
const islandStyle = /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/;
for (const file of files.filter((f) => f.endsWith('.html'))) {
  const html = fs.readFileSync(file, 'utf8');
  const match = html.match(islandStyle);
  const head = html.indexOf('</head>');
  if (!match || match.index === undefined || match.index < head) continue;
  fs.writeFileSync(file, html.replace(islandStyle, '').replace('</head>', `${match[0]}</head>`));
}

const inlineScript = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const hashes = new Set<string>();
for (const file of files.filter((f) => f.endsWith('.html'))) {
  for (const match of fs.readFileSync(file, 'utf8').matchAll(inlineScript)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes) || body.length === 0) continue;
    hashes.add(`sha256-${createHash('sha256').update(body).digest('base64')}`);
  }
}
fs.writeFileSync(
  path.join(dist, 'csp-hashes.json'),
  JSON.stringify({ scripts: [...hashes].sort(), scriptOrigins: consentScriptOrigins(), connectOrigins: latencyEndpointOrigins() }, null, 2),
);

const compressible = /\.(html|css|js|mjs|svg|json|xml|txt|webmanifest)$/;
let written = 0;
for (const file of files.filter((f) => compressible.test(f) && !f.includes(`${path.sep}.templates${path.sep}`))) {
  const content = fs.readFileSync(file);
  if (content.length < 512) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: fast ? 5 : 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: fast ? 6 : 9 }));
  written += 1;
}
console.log(`postbuild: ${hashes.size} inline script hash(es), ${written} file(s) precompressed`);
