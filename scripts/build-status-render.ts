// After the site's build: bundles the status pages' server renderer
// (src/components/status/status-pages-render.tsx) into dist/.server/status-render.js, an ES
// module the server imports to render the board and the history from the same components as
// the pages hydrate (docs/decisions.md 147). React is not bundled: the built file requires the
// installed package, so the server and the pages run one React (decision 171 says how). esbuild is
// the bundler Astro also uses (README).
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { rendererRequireKey, statusRendererPath } from '../server/status-pages/status-renderer.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * React as the renderer takes it: the installed package, by Node's `require` (the server's own, so
 * the checkout's packages wherever the built site lives). Node then loads the build React's own
 * entry chooses by the server's NODE_ENV, and nothing else. Imported as ES modules instead, each
 * React package's CommonJS entry is also read in full for its export names, development build
 * included; and `react-dom/server` in Node loads the streaming build beside the legacy one that
 * has `renderToString`. The server held about 1.5 MiB for nothing (docs/decisions.md 171).
 */
const reactModules: Record<string, string> = {
  react: `module.exports = nodeRequire('react');`,
  'react/jsx-runtime': `module.exports = nodeRequire('react/jsx-runtime');`,
  'react-dom': `module.exports = nodeRequire('react-dom');`,
  // The legacy build alone, production or development as react-dom/server.node.js would pick
  // (`globalThis.process` is not rewritten by `define`: this is read at run time).
  'react-dom/server': `
    const path = nodeRequire('node:path');
    const build = globalThis.process.env.NODE_ENV === 'production' ? 'production' : 'development';
    const dir = path.dirname(nodeRequire.resolve('react-dom/package.json'));
    module.exports = nodeRequire(path.join(dir, 'cjs', 'react-dom-server-legacy.node.' + build + '.js'));`,
};

const reactByRequire: Plugin = {
  name: 'react-by-require',
  setup(builder) {
    const names = new RegExp(`^(${Object.keys(reactModules).join('|')})$`);
    builder.onResolve({ filter: names }, (args) => ({ path: args.path, namespace: 'react-by-require' }));
    // Any other React entry would be bundled, a second copy whose own `require('react')` fails at run time.
    builder.onResolve({ filter: /^react(-dom)?\// }, (args) => ({
      errors: [{ text: `${args.path} is not among the React modules the status renderer requires (scripts/build-status-render.ts)` }],
    }));
    builder.onLoad({ filter: /.*/, namespace: 'react-by-require' }, (args) => ({ contents: reactModules[args.path], loader: 'js' }));
  },
};

export async function buildStatusRender(outFile: string): Promise<void> {
  await build({
    entryPoints: [path.join(root, 'src/components/status/status-pages-render.tsx')],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    jsx: 'automatic',
    // The server's require when it loads the renderer (server/status-pages/status-renderer.ts), else this file's own.
    banner: {
      js: `import { createRequire } from 'node:module';\nconst nodeRequire = globalThis[Symbol.for(${JSON.stringify(rendererRequireKey.description)})] ?? createRequire(import.meta.url);`,
    },
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [reactByRequire],
  });
}

if (import.meta.filename === process.argv[1]) {
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
  await buildStatusRender(path.join(dist, statusRendererPath));
  console.log(`status render: ${path.join(dist, statusRendererPath)}`);
}
