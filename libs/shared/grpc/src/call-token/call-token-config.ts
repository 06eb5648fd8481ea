import { json, type Field } from '@mp/config';
import type { JWK } from 'jose';
import { parseSigningKey, parseVerificationKeys, type CallKeys, type JsonWebKeySet } from './call-keys';

const optional = <T>(f: Field<T>): Field<T | undefined> => ({
  ...f,
  optional: true,
  parse: (raw) => (raw === undefined || raw.trim() === '' ? undefined : f.parse(raw)),
});

const signingKey = json<JWK>(parseSigningKey, {
  secret: true,
  description: "private Ed25519 JWK (with kid) this process signs its calls' tokens with",
});
const verificationKeys = json<JsonWebKeySet>(parseVerificationKeys, {
  description: 'JWKS of the public keys whose call tokens are accepted (two during a rotation)',
});
const staffVerificationKeys = json<JsonWebKeySet>(parseVerificationKeys, {
  description: 'JWKS of the public keys of platform staff tools, the only signers of `system` calls',
});

/** The gateway only signs. */
export const callTokenSigningConfigSchema = { CALL_TOKEN_SIGNING_KEY: signingKey };

/** A service run on its own signs and verifies; its keys come from configuration (a Kubernetes Secret). */
export const callTokenConfigSchema = {
  ...callTokenSigningConfigSchema,
  CALL_TOKEN_VERIFICATION_KEYS: verificationKeys,
  STAFF_TOKEN_VERIFICATION_KEYS: staffVerificationKeys,
};

/** The embedded platform generates what is not given. */
export const optionalCallTokenConfigSchema = {
  CALL_TOKEN_SIGNING_KEY: optional(signingKey),
  CALL_TOKEN_VERIFICATION_KEYS: optional(verificationKeys),
  STAFF_TOKEN_VERIFICATION_KEYS: optional(staffVerificationKeys),
};

export function callKeysFrom(config: {
  CALL_TOKEN_SIGNING_KEY: JWK;
  CALL_TOKEN_VERIFICATION_KEYS: JsonWebKeySet;
  STAFF_TOKEN_VERIFICATION_KEYS: JsonWebKeySet;
}): CallKeys {
  const kid = config.CALL_TOKEN_SIGNING_KEY.kid;
  if (!config.CALL_TOKEN_VERIFICATION_KEYS.keys.some((k) => k.kid === kid)) {
    // Rotation adds the new public key everywhere first, then switches signers: a signer's own key is always accepted.
    throw new Error(`CALL_TOKEN_VERIFICATION_KEYS must include the public key of CALL_TOKEN_SIGNING_KEY (kid ${kid})`);
  }
  return {
    signingKey: config.CALL_TOKEN_SIGNING_KEY,
    verificationKeys: config.CALL_TOKEN_VERIFICATION_KEYS,
    staffVerificationKeys: config.STAFF_TOKEN_VERIFICATION_KEYS,
  };
}
