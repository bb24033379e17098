import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = path.resolve('dist');

/** Every file of the built site, as text (compressed copies are the same content). */
function builtFiles(): Array<{ file: string; text: string }> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is not built: run `npm run build` first (npm test does)');
  return fs
    .readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz|png|jpe?g|webp|avif|woff2?|ico)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((file) => ({ file: path.relative(dist, file), text: fs.readFileSync(file, 'utf8') }));
}

describe('the built site holds no panel secret', () => {
  it('contains no access key, key hash, session secret or panel setting', () => {
    const files = builtFiles();
    expect(files.some((f) => f.file.endsWith('.js'))).toBe(true);
    const secrets = [
      'hostfront-fixture-key-7f3a9c', // the fixture servers' key
      'test-secret-test-secret', // the test and e2e session secrets
      'e2e-secret-e2e-secret',
      ...[process.env.PANEL_URL, process.env.SESSION_SECRET].filter((v): v is string => Boolean(v)),
    ];
    // The demo server's key, when this checkout has one.
    const demoKey = /^key=(\S+)$/m.exec(fs.existsSync('data/demo-server-key.txt') ? fs.readFileSync('data/demo-server-key.txt', 'utf8') : '')?.[1];
    if (demoKey) secrets.push(demoKey);
    const patterns = [/scrypt\$\d+\$/, /\b(ptlc|ptla|pacc|papp)_[A-Za-z0-9]{8,}/, /\bPANEL_(URL|DRIVER)\b/, /\bSESSION_SECRET\b/, /\bLOCAL_SERVERS_FILE\b/];
    const leaks: string[] = [];
    for (const { file, text } of files) {
      for (const secret of secrets) if (text.includes(secret)) leaks.push(`${file}: ${secret.slice(0, 12)}…`);
      for (const pattern of patterns) if (pattern.test(text)) leaks.push(`${file}: ${pattern}`);
    }
    expect(leaks).toEqual([]);
  });

  it('ships the panel pages, which talk to the panel only through /api/panel', () => {
    const files = builtFiles();
    expect(files.some((f) => f.file === path.join('control-panel', 'index.html'))).toBe(true);
    expect(files.some((f) => f.file === path.join('minecraft-tools', 'index.html'))).toBe(true);
    const scripts = files
      .filter((f) => f.file.endsWith('.js'))
      .map((f) => f.text)
      .join('\n');
    expect(scripts).toContain('/api/panel');
    expect(scripts).not.toMatch(/\/api\/client\/servers/);
  });
});
