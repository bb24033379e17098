import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Panel session secrets. The cookie carries a random id; the database keeps only its sha256
 * and the customer's access key encrypted with AES-256-GCM under a key derived (HKDF-SHA256)
 * from SESSION_SECRET. The id hash is the authenticated data, so a ciphertext copied to another
 * row does not decrypt.
 */
const ivBytes = 12;
/** The full 128-bit tag, always: a shorter one would be easier to forge (NIST SP 800-38D). */
const tagBytes = 16;

export class SessionCrypto {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', sessionSecret, 'hostfront-panel', 'panel session access key v1', 32));
  }

  encrypt(plaintext: string, idHash: string): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: tagBytes });
    cipher.setAAD(Buffer.from(idHash));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The plaintext, or undefined when the ciphertext was tampered with or made under another secret. */
  decrypt(ciphertext: string, idHash: string): string | undefined {
    try {
      const data = Buffer.from(ciphertext, 'base64url');
      if (data.length < ivBytes + tagBytes) return undefined;
      const tag = data.subarray(ivBytes, ivBytes + tagBytes);
      if (tag.length !== tagBytes) return undefined;
      const decipher = createDecipheriv('aes-256-gcm', this.key, data.subarray(0, ivBytes), { authTagLength: tagBytes });
      decipher.setAAD(Buffer.from(idHash));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}

/** A new session id for the cookie: 256 random bits. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}
