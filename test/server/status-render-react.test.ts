import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statusRendererPath } from '../../server/status-pages/status-renderer.ts';

const renderer = path.resolve('dist', statusRendererPath);

/** The React files a fresh Node loads with the built status renderer, under `nodeEnv`. */
function reactFilesLoaded(nodeEnv: string): string[] {
  if (!fs.existsSync(renderer)) throw new Error('dist/ is not built: run `npm run build` first (npm test does)');
  const script = `
    import { createRequire } from 'node:module';
    const renderer = await import(${JSON.stringify(renderer)});
    if (typeof renderer.renderBoard !== 'function' || typeof renderer.renderHistory !== 'function') throw new Error('no renderer');
    const files = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes('/node_modules/react'));
    console.log(JSON.stringify(files.map((file) => file.slice(file.indexOf('/node_modules/') + '/node_modules/'.length)).sort()));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, NODE_ENV: nodeEnv }, encoding: 'utf8' });
  return JSON.parse(out) as string[];
}

// docs/decisions.md 171: the renderer requires React, one build of it, and react-dom's legacy
// server build only (renderToString's), not the streaming one beside it.
describe("the status renderer's React", () => {
  it('is the production build alone when the server runs in production', () => {
    expect(reactFilesLoaded('production')).toEqual([
      'react-dom/cjs/react-dom-server-legacy.node.production.js',
      'react-dom/cjs/react-dom.production.js',
      'react-dom/index.js',
      'react/cjs/react-jsx-runtime.production.js',
      'react/cjs/react.production.js',
      'react/index.js',
      'react/jsx-runtime.js',
    ]);
  });

  it('is the development build, with its checks, under a test runner', () => {
    expect(reactFilesLoaded('test')).toEqual([
      'react-dom/cjs/react-dom-server-legacy.node.development.js',
      'react-dom/cjs/react-dom.development.js',
      'react-dom/index.js',
      'react/cjs/react-jsx-runtime.development.js',
      'react/cjs/react.development.js',
      'react/index.js',
      'react/jsx-runtime.js',
    ]);
  });
});
