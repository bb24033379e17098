// The steps of postbuild (scripts/postbuild.ts) one file at a time, so a publish's render
// (scripts/catalog-render.ts, docs/decisions.md 156) applies exactly the same ones to the pages it
// renders again.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { notSentTemplatePath } from '../contracts/contact-rules.ts';
import { consentScriptOrigins } from '../src/data/consent-scripts.ts';
import { latencyEndpointOrigins } from '../src/data/latency-endpoints.ts';
import { renderKitDir } from '../src/integrations/render-kit.ts';

/** Built pages that are templates for the server, by where Astro wrote them → where the server reads them. */
export const templates: Record<string, string> = { 'contact/not-sent/index.html': notSentTemplatePath };

/** Every file of a built site, relative (with `/`), but the render kit (a build's own, never served). */
export function siteFiles(dist: string): string[] {
  return fs
    .readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dist, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => f !== renderKitDir && !f.startsWith(`${renderKitDir}/`));
}

// Astro writes `<style>astro-island,…{display:contents}</style>` just before a page's first
// island, inside <body>, where HTML allows no <style> (the Nu HTML Checker reports it). The
// same rule goes to the end of <head> instead.
const islandStyle = /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/;

/** A page with the islands' style moved into <head>; the page itself when there is nothing to move. */
export function withIslandStyleInHead(html: string): string {
  const match = html.match(islandStyle);
  const head = html.indexOf('</head>');
  if (!match || match.index === undefined || match.index < head) return html;
  return html.replace(islandStyle, '').replace('</head>', `${match[0]}</head>`);
}

const inlineScript = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/** Adds the sha256 of each inline script of a page (not JSON data) to `hashes`. */
export function addInlineScriptHashes(html: string, hashes: Set<string>): void {
  for (const match of html.matchAll(inlineScript)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes) || body.length === 0) continue;
    hashes.add(`sha256-${createHash('sha256').update(body).digest('base64')}`);
  }
}

/** What the server's CSP allows (server/plugins/security-headers.ts reads it). */
export function cspHashesJson(hashes: Set<string>): string {
  return JSON.stringify({ scripts: [...hashes].sort(), scriptOrigins: consentScriptOrigins(), connectOrigins: latencyEndpointOrigins() }, null, 2);
}

/** Whether a file (relative) gets brotli and gzip copies, given its size. */
export function isPrecompressed(relative: string, size: number): boolean {
  return /\.(html|css|js|mjs|svg|json|xml|txt|webmanifest)$/.test(relative) && !relative.startsWith('.templates/') && size >= 512;
}

/** Writes `<file>.br` and `<file>.gz`; `fast` for a publish (brotli 5, gzip 6 instead of 11 and 9). */
export function writeCompressed(file: string, content: Buffer, fast: boolean): void {
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: fast ? 5 : 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: fast ? 6 : 9 }));
}
