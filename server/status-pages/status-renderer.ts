import fs from 'node:fs';
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

/** The renderer a built site holds, or undefined when it has none (a site built before it existed). */
export async function loadStatusRenderer(siteDir: string): Promise<StatusRenderer | undefined> {
  const file = path.join(siteDir, statusRendererPath);
  if (!fs.existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as StatusRenderer;
}
