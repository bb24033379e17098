import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Node looks for a package the checkout lacks in the `node_modules` of every folder above it: a
 * package a library only tries (ws tries `bufferutil`) would be loaded from `/tmp/node_modules`
 * for a checkout under /tmp, where anyone can make that folder. This process loads packages from
 * its own checkout only: one found above it counts as missing (docs/decisions.md 62).
 */
export function refuseModulesAbove(root: string): void {
  const above: string[] = [];
  for (let folder = path.dirname(root); ; folder = path.dirname(folder)) {
    above.push(path.join(folder, 'node_modules') + path.sep);
    if (path.dirname(folder) === folder) break;
  }
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const result = nextResolve(specifier, context);
      if (!result.url.startsWith('file:')) return result;
      const file = fileURLToPath(result.url);
      if (!above.some((prefix) => file.startsWith(prefix))) return result;
      // As Node says for a package it cannot find, so a library that only tries one carries on without.
      throw Object.assign(new Error(`Cannot find module '${specifier}': ${file} is outside this checkout and is not loaded`), {
        code: 'MODULE_NOT_FOUND',
      });
    },
  });
}
