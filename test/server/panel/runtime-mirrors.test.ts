import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pruneGoneMirrors } from '../../../server/panel/local/reachable.ts';

/**
 * The app mirrors game servers run from, when the checkout is closed to others
 * (server/panel/local/reachable.ts): the mirror of a checkout that is gone is removed, one whose
 * checkout is there is kept, and one that does not say its checkout is left alone.
 */
describe('mirrors of gone checkouts', () => {
  const made: string[] = [];
  const folder = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  const mirrorOf = (runtime: string, name: string, checkout: string | undefined) => {
    const mirror = path.join(runtime, name);
    fs.mkdirSync(path.join(mirror, 'node_modules/some-package'), { recursive: true });
    fs.writeFileSync(path.join(mirror, 'node_modules/some-package/index.js'), 'module.exports = 1;\n');
    if (checkout !== undefined) fs.writeFileSync(path.join(mirror, '.app-root'), checkout);
    return mirror;
  };

  it('removes the mirror of a checkout that is gone and keeps the others', () => {
    const runtime = folder('hostfront-runtime-');
    const live = folder('hostfront-checkout-');
    fs.writeFileSync(path.join(live, 'package.json'), '{}\n');
    const gone = folder('hostfront-checkout-');
    fs.rmSync(gone, { recursive: true });
    const emptied = folder('hostfront-checkout-');

    const kept = mirrorOf(runtime, 'app-aaaaaaaaaaaa', live);
    const removed = mirrorOf(runtime, 'app-bbbbbbbbbbbb', gone);
    const noPackage = mirrorOf(runtime, 'app-cccccccccccc', emptied);
    const unnamed = mirrorOf(runtime, 'app-dddddddddddd', undefined);
    fs.mkdirSync(path.join(runtime, 'bin-v24.0.0'));

    expect(pruneGoneMirrors(runtime).sort()).toEqual([removed, noPackage].sort());
    expect(fs.readdirSync(runtime).sort()).toEqual(['app-aaaaaaaaaaaa', 'app-dddddddddddd', 'bin-v24.0.0']);
    expect(fs.existsSync(path.join(kept, 'node_modules/some-package/index.js'))).toBe(true);
    expect(fs.existsSync(path.join(unnamed, 'node_modules/some-package/index.js'))).toBe(true);
  });

  it('does nothing when there is no runtime folder yet', () => {
    const runtime = path.join(folder('hostfront-runtime-'), 'not-made');
    expect(pruneGoneMirrors(runtime)).toEqual([]);
  });
});
