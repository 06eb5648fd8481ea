import { DomainError } from '@mp/problems';
import { errors, jwtVerify, type JWTPayload } from 'jose';
import type { ExternalProviderConfig } from './external-provider-config';
import type { ExternalProviderRegistry } from './external-provider-registry';

/** Asymmetric only: never `none`, never an HMAC whose key would be public. */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'ES256', 'EdDSA'];
/** Id tokens are exchanged right after they are issued; an older one is refused even when `exp` is later. */
export const ID_TOKEN_MAX_AGE_SECONDS = 3600;
/** Leeway for the issuer's clock against ours. */
export const CLOCK_TOLERANCE_SECONDS = 60;

/** What sign-in uses of a verified id token. */
export interface VerifiedIdToken {
  subject: string;
  email: string | undefined;
  /** The issuer vouches that the address belongs to the subject. */
  emailVerified: boolean;
  name: string | undefined;
}

const invalid = (detail: string) => new DomainError('INVALID_TOKEN', detail);

/**
 * Verifies an OpenID Connect id token against the provider's keys:
 * signature with a pinned algorithm, `iss`, `aud`, `exp` and `iat` by the
 * platform's clock (the sandbox clock in tests), and a `sub`.
 * Every refusal is INVALID_TOKEN (TOKEN_EXPIRED for a token too old); an
 * issuer whose keys cannot be fetched is EXTERNAL_SERVICE_ERROR.
 */
export async function verifyIdToken(
  registry: ExternalProviderRegistry,
  provider: ExternalProviderConfig,
  idToken: string,
  now: Date,
  onIssuerFailure: (error: unknown) => void = () => undefined,
): Promise<VerifiedIdToken> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, registry.keys(provider), {
      algorithms: ID_TOKEN_ALGORITHMS,
      issuer: provider.issuer,
      audience: provider.audience,
      currentDate: now,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      maxTokenAge: ID_TOKEN_MAX_AGE_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    const problem = refusal(error, provider);
    if (problem.code === 'EXTERNAL_SERVICE_ERROR') onIssuerFailure(error);
    throw problem;
  }
  const subject = payload.sub;
  if (typeof subject !== 'string' || subject === '' || subject.length > 255) throw invalid('The id token\'s "sub" claim must be a string of 1 to 255 characters.');
  return {
    subject,
    email: typeof payload.email === 'string' ? payload.email : undefined,
    // Some issuers send the boolean as a string.
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    name: typeof payload.name === 'string' ? payload.name : undefined,
  };
}

function refusal(error: unknown, provider: ExternalProviderConfig): DomainError {
  if (error instanceof errors.JWTExpired) return new DomainError('TOKEN_EXPIRED', 'The id token has expired (or was issued too long ago); sign in at the issuer again.');
  if (error instanceof errors.JWTClaimValidationFailed) return invalid(`The id token's "${error.claim}" claim is not accepted (${error.reason}).`);
  if (error instanceof errors.JOSEAlgNotAllowed) return invalid(`The id token's algorithm is not accepted; use ${ID_TOKEN_ALGORITHMS.join(', ')}.`);
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return invalid(`The id token's signature does not verify with the keys of ${provider.name}.`);
  }
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid || error instanceof errors.JOSENotSupported) {
    return invalid('The id token is not a well-formed signed JWT.');
  }
  // Timeouts, connection failures, a non-200 or malformed key set: the issuer's side.
  return new DomainError('EXTERNAL_SERVICE_ERROR', `The signing keys of ${provider.name} could not be fetched; try again later.`);
}
