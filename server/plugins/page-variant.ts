import zlib from 'node:zlib';
import { representation, type SiteFile } from './site-files.ts';

/**
 * A built page served with other content (a banner, docs/decisions.md 133; the status pages'
 * current board, 147): `body` with the built file's type and caching, its three encodings
 * (brotli 5 and gzip 6, as a publish's fast postbuild) and validators its own, so a cached copy
 * of the page as built (or as it was) is never taken for it.
 */
export function pageVariant(file: SiteFile, body: Buffer): SiteFile {
  // Real time, not the app's clock: Last-Modified is for caches, which live in real time.
  const modifiedMs = Math.floor(Date.now() / 1000) * 1000;
  const lastModified = new Date(modifiedMs).toUTCString();
  const { 'content-type': type, 'cache-control': cache } = file.identity.headers as Record<string, string>;
  const varies = file.br !== undefined || file.gzip !== undefined;
  const page: SiteFile = { identity: representation('identity', body, type!, cache!, lastModified, varies), modifiedMs, lean: false };
  if (file.br) {
    const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    page.br = representation('br', br, type!, cache!, lastModified, true);
  }
  if (file.gzip) page.gzip = representation('gzip', zlib.gzipSync(body, { level: 6 }), type!, cache!, lastModified, true);
  return page;
}
