import { exportJWK, generateKeyPair, type JWK } from 'jose';

/** The one algorithm call tokens use; verifiers accept nothing else. */
export const CALL_TOKEN_ALGORITHM = 'EdDSA';

export interface JsonWebKeySet {
  keys: JWK[];
}

/**
 * The keys one process needs for call tokens: its own signing key, the public
 * keys it accepts from the gateway and services (two during a rotation), and
 * the public keys of platform staff, the only ones that can carry `system`.
 */
export interface CallKeys {
  signingKey: JWK;
  verificationKeys: JsonWebKeySet;
  staffVerificationKeys: JsonWebKeySet;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function checkEd25519(jwk: Record<string, unknown>, where: string, needPrivate: boolean): JWK {
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new Error(`${where} must be an Ed25519 JWK (kty OKP, crv Ed25519)`);
  if (typeof jwk.kid !== 'string' || jwk.kid === '') throw new Error(`${where} needs a "kid"`);
  if (jwk.alg !== undefined && jwk.alg !== CALL_TOKEN_ALGORITHM) throw new Error(`${where} must have alg ${CALL_TOKEN_ALGORITHM}`);
  if (needPrivate && typeof jwk.d !== 'string') throw new Error(`${where} must be a private key (with "d")`);
  if (!needPrivate && jwk.d !== undefined) throw new Error(`${where} must hold public keys only (no "d")`);
  return jwk as unknown as JWK;
}

/** A private Ed25519 JWK with a kid. */
export function parseSigningKey(value: unknown): JWK {
  if (!isRecord(value)) throw new Error('must be a JSON object (a private Ed25519 JWK)');
  return checkEd25519(value, 'the key', true);
}

/** A JWKS of public Ed25519 keys, each with a distinct kid; at least one. */
export function parseVerificationKeys(value: unknown): JsonWebKeySet {
  if (!isRecord(value) || !Array.isArray(value.keys) || value.keys.length === 0) throw new Error('must be a JSON Web Key Set {"keys":[…]} with at least one key');
  const keys = value.keys.map((key, i) => {
    if (!isRecord(key)) throw new Error(`keys[${i}] must be a JSON object`);
    return checkEd25519(key, `keys[${i}]`, false);
  });
  const kids = keys.map((k) => k.kid);
  if (new Set(kids).size !== kids.length) throw new Error('has two keys with the same kid');
  return { keys };
}

/** A key pair for one signer: the private JWK and the public one, with a kid. */
export async function generateSigningKeyPair(kid: string): Promise<{ privateKey: JWK; publicKey: JWK }> {
  const { publicKey, privateKey } = await generateKeyPair(CALL_TOKEN_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const common = { kid, alg: CALL_TOKEN_ALGORITHM, use: 'sig' };
  return { privateKey: { ...(await exportJWK(privateKey)), ...common }, publicKey: { ...(await exportJWK(publicKey)), ...common } };
}

/**
 * Fresh keys for a process that holds every service itself (the embedded
 * platform, a test): nothing outside it can sign a call it accepts.
 */
export async function generateCallKeys(): Promise<CallKeys & { staffSigningKey: JWK }> {
  const [call, staff] = await Promise.all([generateSigningKeyPair(`call-${Date.now()}`), generateSigningKeyPair(`staff-${Date.now()}`)]);
  return {
    signingKey: call.privateKey,
    verificationKeys: { keys: [call.publicKey] },
    staffVerificationKeys: { keys: [staff.publicKey] },
    staffSigningKey: staff.privateKey,
  };
}
