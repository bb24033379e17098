/**
 * A software passkey authenticator for server tests and the sign-in benchmark: real ES256 keys
 * (node:crypto), real CBOR attestation objects with 'none' attestation, real signatures, so the
 * server's WebAuthn library checks them exactly as it checks a phone's or a security key's.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65536) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

/** The few CBOR types WebAuthn uses: integers, byte and text strings, arrays, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface CeremonyChoices {
  /** The origin the "browser" writes into clientDataJSON (default: the authenticator's). */
  origin?: string;
  /** Clear the user-verified flag. */
  userVerified?: boolean;
  /** Sign with this counter instead of the next one. */
  counter?: number;
  /** Which credential answers (default: the newest for the relying party). */
  credentialId?: string;
  /** Sign this challenge instead of the options' one. */
  challenge?: string;
}

export interface RegistrationOptionsLike {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

export interface RequestOptionsLike {
  challenge: string;
  rpId?: string;
}

export class SoftAuthenticator {
  readonly origin: string;
  readonly credentials: StoredCredential[] = [];
  /** Whether the signature counter moves (many passkeys always report 0). */
  private readonly counts: boolean;

  constructor(origin: string, options: { counts?: boolean } = {}) {
    this.origin = origin;
    this.counts = options.counts ?? true;
  }

  private rpIdOf(rpId: string | undefined): string {
    return rpId ?? new URL(this.origin).hostname;
  }

  /** navigator.credentials.create(): a new discoverable ES256 credential, as RegistrationResponseJSON. */
  create(options: RegistrationOptionsLike, choices: CeremonyChoices = {}) {
    const rpId = this.rpIdOf(options.rp.id);
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const id = randomBytes(32);
    const cose = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const flags = 0x01 | (choices.userVerified === false ? 0 : 0x04) | 0x40; // UP, UV, AT
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), Buffer.alloc(4), Buffer.alloc(16), idLength, id, cose]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: choices.challenge ?? options.challenge, origin: choices.origin ?? this.origin, crossOrigin: false }),
    );
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push({ id, privateKey, rpId, userHandle: options.user.id, counter: 0 });
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key' as const,
      response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject), transports: ['internal'] },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() with no allowed list: the credential names its user. */
  get(options: RequestOptionsLike, choices: CeremonyChoices = {}) {
    const rpId = this.rpIdOf(options.rpId);
    const credential = choices.credentialId
      ? this.credentials.find((c) => b64u(c.id) === choices.credentialId)
      : this.credentials.filter((c) => c.rpId === rpId).at(-1);
    if (!credential) throw new Error(`no credential for ${rpId}`);
    if (this.counts) credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(choices.counter ?? credential.counter);
    const flags = 0x01 | (choices.userVerified === false ? 0 : 0x04);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), counter]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: choices.challenge ?? options.challenge, origin: choices.origin ?? this.origin, crossOrigin: false }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
