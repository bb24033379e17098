import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/lib/http-error.ts';
import { baseName, checkServerPath, joinPath, parentOf } from '../../server/panel/server-path.ts';
import { escapingPaths } from '../helpers/escaping-paths.ts';

function refusal(value: unknown, options?: Parameters<typeof checkServerPath>[1]): HttpError {
  try {
    checkServerPath(value, options);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(value)} was accepted`);
}

describe('paths inside a server', () => {
  it.each(escapingPaths)('refuses %j with 400 and says why', (value, reason) => {
    const error = refusal(value);
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('invalid_path');
    expect(error.message).toMatch(reason);
    expect(error.fields?.path).toBeTruthy();
  });

  it('accepts ordinary names, keeps them as sent, and drops one trailing slash', () => {
    expect(checkServerPath('server.properties')).toBe('server.properties');
    expect(checkServerPath('world/region/r.0.0.mca')).toBe('world/region/r.0.0.mca');
    expect(checkServerPath('plugins/')).toBe('plugins');
    expect(checkServerPath('..hidden/...three dots')).toBe('..hidden/...three dots');
    expect(checkServerPath('50%.txt')).toBe('50%.txt');
    expect(checkServerPath('100%25 done.txt')).toBe('100%25 done.txt');
    expect(checkServerPath('Über Welt/日本.txt')).toBe('Über Welt/日本.txt');
  });

  it('accepts the root only for listings', () => {
    expect(checkServerPath('', { allowRoot: true })).toBe('');
    expect(refusal('').message).toMatch(/root folder/);
  });

  it('names the field, refuses non-text and overlong names', () => {
    expect(refusal('../x', { field: 'to' }).fields).toEqual({ to: 'it contains ".."' });
    expect(refusal(42).message).toMatch(/not text/);
    expect(refusal('a'.repeat(256)).message).toMatch(/longer than 255 bytes/);
    expect(refusal(`${'a/'.repeat(2100)}b`).message).toMatch(/longer than 4096 bytes/);
  });

  it('splits and joins checked paths', () => {
    expect(parentOf('a/b/c.txt')).toBe('a/b');
    expect(parentOf('c.txt')).toBe('');
    expect(baseName('a/b/c.txt')).toBe('c.txt');
    expect(joinPath('', 'x')).toBe('x');
    expect(joinPath('a', 'x')).toBe('a/x');
  });
});
