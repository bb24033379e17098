// After the site's build: bundles the status pages' server renderer
// (src/components/status/status-pages-render.tsx) into dist/.server/status-render.js, an ES
// module the server imports to render the board and the history from the same components as
// the pages hydrate (docs/decisions.md 147). React stays the installed package's (external), so
// the server and the pages run one React. esbuild is the bundler Astro also uses (README).
import path from 'node:path';
import { build } from 'esbuild';
import { statusRendererPath } from '../server/status-pages/status-renderer.ts';

const root = path.resolve(import.meta.dirname, '..');

export async function buildStatusRender(outFile: string): Promise<void> {
  await build({
    entryPoints: [path.join(root, 'src/components/status/status-pages-render.tsx')],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    jsx: 'automatic',
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
  });
}

if (import.meta.filename === process.argv[1]) {
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
  await buildStatusRender(path.join(dist, statusRendererPath));
  console.log(`status render: ${path.join(dist, statusRendererPath)}`);
}
