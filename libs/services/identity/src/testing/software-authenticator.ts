import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for tests: an ES256 (P-256) key pair
 * per credential, "none" attestation, and assertions signed the way a real
 * authenticator signs them (DER ECDSA over authenticatorData ||
 * sha256(clientDataJSON)). Speaks the JSON of the WebAuthn Level 3 toJSON()
 * shapes that @simplewebauthn/server verifies.
 */

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** The subset of CBOR the attestation needs: unsigned/negative ints, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

export function cborEncode(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts: Buffer[] = [cborHead(5, value.size)];
  for (const [k, v] of value) parts.push(cborEncode(k), cborEncode(v));
  return Buffer.concat(parts);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  cosePublicKey: Buffer;
  signCount: number;
  userHandle: string;
}

/** What a test can bend to make an answer wrong in one particular way. */
export interface AssertionTweaks {
  /** Answer with this credential instead of the first one the options allow. */
  credentialId?: string;
  origin?: string;
  rpId?: string;
  challenge?: string;
  /** Sign with another key (a forged assertion). */
  signWith?: KeyObject;
  /** Report this counter instead of the next one (a cloned authenticator). */
  signCount?: number;
}

export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: Array<{ id: string }>;
}

export class SoftwareAuthenticator {
  private readonly credentials: StoredCredential[] = [];

  constructor(private readonly where: { origin: string; rpId: string }) {}

  /** The ids of the credentials it holds (base64url). */
  get credentialIds(): string[] {
    return this.credentials.map((c) => b64url(c.id));
  }

  /** A fresh key nobody registered, for forged signatures. */
  static strangerKey(): KeyObject {
    return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** navigator.credentials.create: a new credential answering `options`, as RegistrationResponseJSON. */
  create(options: CreationOptions, tweaks: { origin?: string; rpId?: string; challenge?: string } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = cborEncode(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const credential: StoredCredential = { id, privateKey, cosePublicKey, signCount: 0, userHandle: options.user.id };
    const rpId = tweaks.rpId ?? options.rp.id ?? this.where.rpId;
    const credIdLength = Buffer.alloc(2);
    credIdLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      Buffer.alloc(4), // signCount 0
      Buffer.alloc(16), // aaguid
      credIdLength,
      id,
      cosePublicKey,
    ]);
    const attestationObject = cborEncode(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData('webauthn.create', tweaks.challenge ?? options.challenge, tweaks.origin ?? this.where.origin);
    this.credentials.push(credential);
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** navigator.credentials.get: an assertion answering `options`, as AuthenticationResponseJSON. */
  get(options: RequestOptions, tweaks: AssertionTweaks = {}) {
    const allowed = (options.allowCredentials ?? []).map((c) => c.id);
    const wanted = tweaks.credentialId ?? this.credentialIds.find((id) => allowed.length === 0 || allowed.includes(id));
    const credential = this.credentials.find((c) => b64url(c.id) === wanted);
    if (!credential) throw new Error('the software authenticator holds no credential the options allow');
    credential.signCount += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(tweaks.signCount ?? credential.signCount);
    const authData = Buffer.concat([sha256(tweaks.rpId ?? options.rpId ?? this.where.rpId), Buffer.from([FLAG_UP | FLAG_UV]), count]);
    const clientDataJSON = this.clientData('webauthn.get', tweaks.challenge ?? options.challenge, tweaks.origin ?? this.where.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), tweaks.signWith ?? credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
