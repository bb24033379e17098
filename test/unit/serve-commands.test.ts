import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serveCommand } from '../../bench/serve-command.ts';

const scripts = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const unit = fs.readFileSync('config/systemd/hostfront.service', 'utf8');

/** The unit's `Environment=` settings and the node flags of its ExecStart. */
function unitCommand(): { env: Record<string, string>; flags: string[] } {
  const env = Object.fromEntries([...unit.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]));
  const exec = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '';
  return { env, flags: exec.split(' ').filter((word) => word.startsWith('--')) };
}

// docs/decisions.md 40, 151 and 172: the server runs alike however it is started.
describe('npm start, npm run serve and the systemd unit', () => {
  it('start the server with the same flags and environment', () => {
    expect(scripts.start).toBe(`node scripts/ensure-build.ts && ${scripts.serve}`);
    const serve = serveCommand();
    const service = unitCommand();
    expect(service.flags).toEqual(serve.flags);
    expect(service.env.MALLOC_ARENA_MAX).toBe(serve.env.MALLOC_ARENA_MAX);
  });

  it("keep Node's compile cache where only the code's owner writes", () => {
    // npm runs scripts from the checkout's root: the cache is inside it, under the same guard (62).
    expect(serveCommand().env.NODE_COMPILE_CACHE).toBe('node_modules/.cache/node-compile-cache');
    // The service's own cache folder, made by systemd for its user alone.
    expect(unitCommand().env.NODE_COMPILE_CACHE).toBe('/var/cache/hostfront/node-compile-cache');
    expect(unit).toMatch(/^CacheDirectory=hostfront$/m);
    expect(unit).toMatch(/^CacheDirectoryMode=0700$/m);
  });
});
