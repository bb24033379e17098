import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findImportCycles } from '../../scripts/import-cycles.ts';

// The test command's check of import cycles (scripts/import-cycles.ts, docs/decisions.md 115), on
// fixture folders: two capability folders that import each other through different files (no
// file cycle), the same with the way back type-only, and a file cycle through a dynamic import.
const fixtures = path.resolve(import.meta.dirname, '../fixtures/import-cycles');
const run = (root: string) => spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/import-cycles.ts'), root], { encoding: 'utf8' });

describe('the import cycle check', () => {
  it('finds two folders that import each other though no file does, and says through which imports', () => {
    const found = findImportCycles(path.join(fixtures, 'folder-cycle'));
    expect(found.files).toEqual([]);
    expect(found.folders).toEqual([
      {
        members: ['server/shop', 'server/stock'],
        imports: [
          'server/shop → server/stock: server/shop/cart.ts imports server/stock/reserve.ts',
          'server/stock → server/shop: server/stock/reserve.ts imports server/shop/prices.ts',
        ],
      },
    ]);
    const check = run(path.join(fixtures, 'folder-cycle'));
    expect(check.status).toBe(1);
    expect(check.stdout).toContain('folder cycle: server/shop ↔ server/stock');
  });

  it('counts only imports that run: a type-only way back is no cycle', () => {
    expect(findImportCycles(path.join(fixtures, 'clean'))).toEqual({ files: [], folders: [] });
    const check = run(path.join(fixtures, 'clean'));
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain('0 file cycles, 0 folder cycles');
  });

  it('finds a file cycle, a dynamic import included', () => {
    expect(findImportCycles(path.join(fixtures, 'file-cycle')).files).toEqual([['server/shop/a.ts', 'server/shop/b.ts']]);
    expect(run(path.join(fixtures, 'file-cycle')).status).toBe(1);
  });
});
