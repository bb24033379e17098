import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusRendererPath } from '../../server/status-pages/status-renderer.ts';

const built = path.resolve('dist', statusRendererPath);
const loader = pathToFileURL(path.resolve('server/status-pages/status-renderer.ts')).href;
let siteDir: string;

beforeAll(() => {
  if (!fs.existsSync(built)) throw new Error('dist/ is not built: run `npm run build` first (npm test does)');
  // A built site outside the checkout (SITE_DIR can be anywhere), where Node finds no React of its own.
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-renderer-'));
  fs.mkdirSync(path.join(siteDir, path.dirname(statusRendererPath)));
  fs.copyFileSync(built, path.join(siteDir, statusRendererPath));
});

afterAll(() => fs.rmSync(siteDir, { recursive: true, force: true }));

/** The React files a plain Node (no test runner's resolver) loads with the server's loader of the renderer, under `nodeEnv`. */
function reactFilesLoaded(nodeEnv: string): string[] {
  const script = `
    import { createRequire } from 'node:module';
    const { loadStatusRenderer } = await import(${JSON.stringify(loader)});
    const renderer = await loadStatusRenderer(${JSON.stringify(siteDir)});
    if (typeof renderer?.renderBoard !== 'function' || typeof renderer.renderHistory !== 'function') throw new Error('no renderer');
    const files = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes('/node_modules/react'));
    console.log(JSON.stringify(files.map((file) => file.slice(file.indexOf('/node_modules/') + '/node_modules/'.length)).sort()));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, NODE_ENV: nodeEnv }, encoding: 'utf8' });
  return JSON.parse(out) as string[];
}

// docs/decisions.md 171: the renderer requires the server's React, one build of it, and react-dom's
// legacy server build only (renderToString's), not the streaming one beside it.
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
