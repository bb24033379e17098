import { describe, expect, it } from 'vitest';
import { cookieOptions } from '../../server/lib/session-cookie.ts';

describe('cookieOptions', () => {
  it('over HTTPS: a __Host- cookie, Secure, Path=/, HttpOnly, SameSite=Strict, no Domain', () => {
    const cookie = cookieOptions({ publicUrl: 'https://www.example.com' }, 'hf_panel');
    expect(cookie.name).toBe('__Host-hf_panel');
    expect(cookie.options).toEqual({ path: '/', httpOnly: true, sameSite: 'strict', secure: true });
    expect(cookie.options).not.toHaveProperty('domain');
  });

  it('over plain HTTP (local development): the bare name, not Secure (a browser would drop it)', () => {
    const cookie = cookieOptions({ publicUrl: 'http://localhost:4321' }, 'hf_staff');
    expect(cookie.name).toBe('hf_staff');
    expect(cookie.options).toEqual({ path: '/', httpOnly: true, sameSite: 'strict', secure: false });
  });
});
