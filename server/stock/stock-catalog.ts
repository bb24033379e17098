import fs from 'node:fs/promises';
import path from 'node:path';
import { type StockCatalog, stockCatalogPath } from '../../contracts/stock-rules.ts';

/**
 * The plans stock is counted for, as the built site publishes them (contracts/stock-rules.ts
 * stockCatalogPath): read again when the file changes, so a rebuilt or republished catalogue is
 * counted at the next round without a restart. No file (the site not built): no plans.
 */
export class StockCatalogFile {
  readonly #file: string;
  #cached: { mtimeMs: number; catalog: StockCatalog } | undefined;

  constructor(siteDir: string) {
    this.#file = path.join(siteDir, stockCatalogPath);
  }

  async read(): Promise<StockCatalog> {
    let stat: { mtimeMs: number };
    try {
      stat = await fs.stat(this.#file);
    } catch {
      return { locations: [], plans: [] };
    }
    if (this.#cached?.mtimeMs === stat.mtimeMs) return this.#cached.catalog;
    const catalog = JSON.parse(await fs.readFile(this.#file, 'utf8')) as StockCatalog;
    this.#cached = { mtimeMs: stat.mtimeMs, catalog };
    return catalog;
  }
}
