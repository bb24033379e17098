import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BoardStart, HistoryStart } from '../../contracts/status-pages.ts';

/** The status pages' renderer (src/components/status/status-pages-render.tsx, built by scripts/build-status-render.ts). */
export interface StatusRenderer {
  renderBoard(start: BoardStart, prefix: string): string;
  renderHistory(start: HistoryStart, prefix: string): string;
}

/** Where a built site keeps it: a dot folder, never served. */
export const statusRendererPath = path.join('.server', 'status-render.js');

/**
 * The renderer requires React with the function it finds under this key when it loads: the
 * server's own, so React is this checkout's packages wherever the built site lives (SITE_DIR may be
 * outside the checkout, where Node would find none). Without it, it requires from its own file
 * (docs/decisions.md 171; scripts/build-status-render.ts).
 */
export const rendererRequireKey = Symbol.for('hostfront.status-renderer.require');

/** The renderer a built site holds, or undefined when it has none (a site built before it existed). */
export async function loadStatusRenderer(siteDir: string): Promise<StatusRenderer | undefined> {
  const file = path.join(siteDir, statusRendererPath);
  if (!fs.existsSync(file)) return undefined;
  (globalThis as Record<symbol, unknown>)[rendererRequireKey] = createRequire(import.meta.url);
  return (await import(pathToFileURL(file).href)) as StatusRenderer;
}
