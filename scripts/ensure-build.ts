// Before `npm start`: builds the site when dist/ is missing or older than its sources, so a
// fresh clone starts with one command and an edited page is not served stale.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CheckoutError, guardStart } from '../server/lib/checkout-guard.ts';
import { systemPath } from '../server/lib/system-programs.ts';
import { renderKitDir, renderKitState } from '../src/integrations/render-kit.ts';

const root = path.resolve(import.meta.dirname, '..');
// The build runs this checkout's code: as root, only from a checkout nobody else can replace
// (docs/decisions.md 62).
try {
  guardStart(root);
} catch (error) {
  if (!(error instanceof CheckoutError)) throw error;
  console.error(`Could not start: ${error.message}`);
  process.exit(1);
}
const builtAt = (() => {
  try {
    return fs.statSync(path.join(root, 'dist', 'csp-hashes.json')).mtimeMs;
  } catch {
    return 0;
  }
})();

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestSource(path.join(root, 'src')),
  newestSource(path.join(root, 'public')),
  fs.statSync(path.join(root, 'astro.config.ts')).mtimeMs,
);
// A dist/ built before the render kit (docs/decisions.md 156) is built again, so a publish from
// the Catalog renders its pages instead of building the whole site.
const hasRenderKit = fs.existsSync(path.join(root, 'dist', renderKitDir, renderKitState));
if (sources > builtAt || !hasRenderKit) {
  console.log('building the site…');
  // package.json's build script as npm runs it, but with the checkout's own programs and the
  // system's on PATH only (npm would add node_modules/.bin of every folder above the checkout),
  // and its Node processes loading packages from the checkout only.
  const script = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { build: string } }).scripts.build;
  const hook = pathToFileURL(path.join(root, 'server/lib/own-modules-hook.ts')).href;
  const { status } = spawnSync('/bin/sh', ['-c', script], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${path.join(root, 'node_modules', '.bin')}:${systemPath}`,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${hook}`.trim(),
    },
  });
  if (status !== 0) process.exit(status ?? 1);
}
