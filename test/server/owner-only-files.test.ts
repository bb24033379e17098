import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSessionSecret } from '../../server/config/session-secret.ts';
import { openDatabase } from '../../server/db/database.ts';
import { startServer } from '../helpers/server-process.ts';

const mode = (file: string) => fs.statSync(file).mode & 0o777;
let dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-perm-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

describe('files that hold secrets are the owner’s only', () => {
  it('the generated session secret: file 0600 in a data folder 0700, whatever the umask', () => {
    const previous = process.umask(0o002);
    try {
      const data = path.join(tempDir(), 'data');
      loadOrCreateSessionSecret(data);
      expect(mode(data)).toBe(0o700);
      expect(mode(path.join(data, 'session-secret'))).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it('the SQLite file and its -wal and -shm: 0600, in a folder 0700', async () => {
    const previous = process.umask(0o002);
    const file = path.join(tempDir(), 'data', 'hostfront.db');
    const { db } = openDatabase(`sqlite:${file}`);
    try {
      await sql`create table t (x integer)`.execute(db);
      await sql`insert into t values (1)`.execute(db);
      for (const suffix of ['', '-wal', '-shm']) {
        expect(fs.existsSync(`${file}${suffix}`), suffix).toBe(true);
        expect(mode(`${file}${suffix}`), `hostfront.db${suffix}`).toBe(0o600);
      }
      expect(mode(path.dirname(file))).toBe(0o700);
    } finally {
      await db.destroy();
      process.umask(previous);
    }
  });

  it('an existing SQLite file or secret that others could read is made owner-only', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'old.db');
    fs.writeFileSync(file, '');
    fs.chmodSync(file, 0o644);
    fs.writeFileSync(path.join(dir, 'session-secret'), `${'s'.repeat(48)}\n`, { mode: 0o644 });
    fs.chmodSync(path.join(dir, 'session-secret'), 0o644);
    const { db } = openDatabase(`sqlite:${file}`);
    await db.destroy();
    expect(mode(file)).toBe(0o600);
    expect(loadOrCreateSessionSecret(dir)).toBe('s'.repeat(48));
    expect(mode(path.join(dir, 'session-secret'))).toBe(0o600);
  });
});

describe('a short or empty session secret is refused at boot', () => {
  it.each([
    ['empty', ''],
    ['blank', '   \n'],
    ['short', 'short-secret\n'],
  ])('%s file: loadOrCreateSessionSecret throws, saying what to do', (_kind, text) => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'session-secret'), text, { mode: 0o600 });
    expect(() => loadOrCreateSessionSecret(dir)).toThrow(/at least 32.*Delete the file/s);
  });

  it('the server does not start on one, and says why', async () => {
    const cwd = tempDir();
    fs.mkdirSync(path.join(cwd, 'data'), { mode: 0o700 });
    fs.writeFileSync(path.join(cwd, 'data', 'session-secret'), 'tooshort\n', { mode: 0o600 });
    const started = startServer({ SESSION_SECRET: '', DATABASE_URL: `sqlite:${path.join(cwd, 'data', 'x.db')}` }, { cwd });
    await expect(started).rejects.toThrow(/server exited with 1[\s\S]*session-secret holds only 8 characters/);
  });
});
