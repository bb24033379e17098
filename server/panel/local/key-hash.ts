import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Access keys of local servers are stored as scrypt hashes:
 * `scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>`. Verification always runs one scrypt
 * of the same cost, so an unknown server id (checked against a dummy hash) takes as long as a
 * wrong key.
 */
const defaults = { N: 16384, r: 8, p: 1 } as const;
const keyLength = 32;
const format = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{40,})$/;

function scryptAsync(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export function isKeyHash(value: string): boolean {
  const match = format.exec(value);
  if (!match) return false;
  const n = Number(match[1]);
  // N must be a power of two above 1 (scrypt's rule); bounded so a typo cannot stall the server.
  return n > 1 && (n & (n - 1)) === 0 && n <= 1 << 20 && Number(match[2]) <= 32 && Number(match[3]) <= 16;
}

export async function hashKey(key: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(key, salt, keyLength, defaults);
  return `scrypt$${defaults.N}$${defaults.r}$${defaults.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** True when key matches the stored hash; compares in constant time. */
export async function verifyKey(key: string, stored: string): Promise<boolean> {
  const match = format.exec(stored);
  if (!match) return false;
  const [, n, r, p, salt, hash] = match as unknown as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(key, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}

/** A valid hash of a random key nobody knows: what an unknown server id is checked against. */
export const dummyKeyHash = `scrypt$${defaults.N}$${defaults.r}$${defaults.p}$${randomBytes(16).toString('base64url')}$${randomBytes(keyLength).toString('base64url')}`;

/** A new random access key, easy to copy: 32 characters of base64url (192 bits). */
export function generateKey(): string {
  return randomBytes(24).toString('base64url');
}
