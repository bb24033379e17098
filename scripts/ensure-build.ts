// Before `npm start`: builds the site when dist/ is missing or older than its sources, so a
// fresh clone starts with one command and an edited page is not served stale.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
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
if (sources > builtAt) {
  console.log('building the site…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
