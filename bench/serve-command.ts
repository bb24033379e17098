// How `npm run serve` (and so `npm start`) runs the server: the environment it sets before `node`
// (MALLOC_ARENA_MAX) and node's flags, read from package.json, so the benches measure the server
// as shipped (or another checkout's, for a before-and-after). BENCH_SERVER_NODE_OPTIONS replaces the
// flags ('' for none).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export function serveCommand(from: string = root): { env: Record<string, string>; flags: string[] } {
  const scripts = (JSON.parse(fs.readFileSync(path.join(from, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const words = (scripts.serve ?? '').split(' ').filter(Boolean);
  const node = words.indexOf('node');
  const env = Object.fromEntries(
    words
      .slice(0, Math.max(0, node))
      .filter((word) => /^[A-Z_]+=/.test(word))
      .map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
  );
  const override = process.env.BENCH_SERVER_NODE_OPTIONS;
  const flags = override !== undefined ? override.split(' ').filter(Boolean) : words.slice(node + 1).filter((word) => word.startsWith('--'));
  return { env, flags };
}

/** The command line as printed in a bench's header. */
export function describeServe(from: string = root): string {
  const { env, flags } = serveCommand(from);
  return [...Object.entries(env).map(([k, v]) => `${k}=${v}`), 'node', ...flags, 'server/server.ts'].join(' ');
}
