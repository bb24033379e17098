import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SessionCrypto } from '../../server/panel/session-crypto.ts';

const secret = 'unit-secret-unit-secret-unit-secret-0123456789';
const idHash = 'a'.repeat(64);
/** The key SessionCrypto derives, so the test can forge what an attacker with a short tag would send. */
const key = Buffer.from(hkdfSync('sha256', secret, 'hostfront-panel', 'panel session access key v1', 32));

function sealWithTag(plaintext: string, tagLength: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagLength });
  cipher.setAAD(Buffer.from(idHash));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

describe('SessionCrypto', () => {
  const crypto = new SessionCrypto(secret);

  it('opens what it sealed, for the same id only', () => {
    const sealed = crypto.encrypt('ptlc_key', idHash);
    expect(crypto.decrypt(sealed, idHash)).toBe('ptlc_key');
    expect(crypto.decrypt(sealed, 'b'.repeat(64))).toBeUndefined();
  });

  it('refuses a ciphertext whose tag is shorter than 16 bytes (a 4-byte tag is forged in 2^32 tries)', () => {
    // Empty plaintext: the whole blob is iv + a 4-byte tag; read as iv|tag16|body it is all tag.
    expect(crypto.decrypt(sealWithTag('', 4), idHash)).toBeUndefined();
    expect(crypto.decrypt(sealWithTag('', 8), idHash)).toBeUndefined();
    expect(crypto.decrypt(sealWithTag('', 12), idHash)).toBeUndefined();
  });

  it('refuses truncated and empty input', () => {
    const sealed = Buffer.from(crypto.encrypt('key', idHash), 'base64url');
    for (const length of [0, 11, 12, 27]) expect(crypto.decrypt(sealed.subarray(0, length).toString('base64url'), idHash)).toBeUndefined();
  });
});
