import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import type { Principal, PrincipalKind } from '../call-context';
import { CALL_TOKEN_ALGORITHM, type CallKeys } from './call-keys';
import { CALL_TOKEN_CLOCK_TOLERANCE_SECONDS, CALL_TOKEN_MAX_LIFETIME_SECONDS, PRINCIPAL_CLAIM, STAFF_ISSUER } from './call-token-claims';

/** Why a call was refused before any handler ran; the caller sees UNAUTHENTICATED. */
export class CallTokenRefused extends Error {
  override readonly name = 'CallTokenRefused';
}

const MAX_VERIFIED = 10_000;
const KINDS: readonly PrincipalKind[] = ['user', 'api_key', 'system', 'service', 'anonymous'];
const ROLES = ['Admin', 'Manager', 'Member'];
const isString = (v: unknown): v is string => typeof v === 'string';
const optionalString = (v: unknown) => v === undefined || isString(v);

/**
 * Verifies the call token of every served call: EdDSA only, signed by a key
 * this service trusts, for this service (`aud`), unexpired. Only staff keys
 * may carry a `system` principal, and staff keys carry nothing else.
 */
export class CallTokenVerifier {
  private readonly callKeys;
  private readonly staffKeys;
  private readonly staffKids: Set<string>;
  /** Tokens already verified, until they expire: a reused token is checked once. */
  private readonly verified = new Map<string, { principal: Principal; exp: number }>();

  constructor(keys: Pick<CallKeys, 'verificationKeys' | 'staffVerificationKeys'>, readonly audience: string) {
    this.callKeys = createLocalJWKSet(keys.verificationKeys);
    this.staffKeys = createLocalJWKSet(keys.staffVerificationKeys.keys.length > 0 ? keys.staffVerificationKeys : { keys: [] });
    this.staffKids = new Set(keys.staffVerificationKeys.keys.map((k) => k.kid!));
    const clash = keys.verificationKeys.keys.find((k) => this.staffKids.has(k.kid!));
    if (clash) throw new Error(`key id ${clash.kid} is both a call key and a staff key`);
  }

  async verify(token: unknown): Promise<Principal> {
    if (!isString(token) || token === '') throw new CallTokenRefused('the call carries no call token');
    const known = this.verified.get(token);
    if (known && known.exp + CALL_TOKEN_CLOCK_TOLERANCE_SECONDS > Date.now() / 1000) return known.principal;
    const fresh = await this.verifyNew(token);
    if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
    this.verified.set(token, fresh);
    return fresh.principal;
  }

  private async verifyNew(token: string): Promise<{ principal: Principal; exp: number }> {
    let kid: string | undefined;
    try {
      const header = decodeProtectedHeader(token);
      if (header.alg !== CALL_TOKEN_ALGORITHM) throw new CallTokenRefused(`algorithm ${String(header.alg)} is not accepted`);
      kid = header.kid;
    } catch (error) {
      if (error instanceof CallTokenRefused) throw error;
      throw new CallTokenRefused('the call token is malformed');
    }
    const staff = kid !== undefined && this.staffKids.has(kid);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, staff ? this.staffKeys : this.callKeys, {
        algorithms: [CALL_TOKEN_ALGORITHM],
        audience: this.audience,
        clockTolerance: CALL_TOKEN_CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['iss', 'aud', 'exp', 'iat'],
      }));
    } catch (error) {
      throw new CallTokenRefused(`the call token is not valid here: ${(error as { code?: string }).code ?? 'ERR_JWT_INVALID'}`);
    }
    if (payload.exp! - payload.iat! > CALL_TOKEN_MAX_LIFETIME_SECONDS) throw new CallTokenRefused('the call token lives too long');
    const principal = principalOf(payload[PRINCIPAL_CLAIM]);
    if (staff !== (principal.kind === 'system') || staff !== (payload.iss === STAFF_ISSUER)) {
      throw new CallTokenRefused('only a staff key signs a system principal, and it signs nothing else');
    }
    if (principal.kind === 'service' && principal.service !== payload.iss) throw new CallTokenRefused('a service speaks only for itself');
    return { principal, exp: payload.exp! };
  }
}

function principalOf(claim: unknown): Principal {
  const p = claim as Record<string, unknown> | null;
  const valid =
    typeof p === 'object' &&
    p !== null &&
    KINDS.includes(p.kind as PrincipalKind) &&
    isString(p.accountId) &&
    optionalString(p.userId) &&
    optionalString(p.apiKeyId) &&
    optionalString(p.subaccountId) &&
    optionalString(p.service) &&
    (p.role === undefined || ROLES.includes(p.role as string)) &&
    (p.rights === undefined || (Array.isArray(p.rights) && p.rights.every(isString))) &&
    (p.kind !== 'user' || (isString(p.userId) && p.accountId !== '')) &&
    (p.kind !== 'api_key' || (isString(p.apiKeyId) && p.accountId !== '')) &&
    (p.kind !== 'service' || isString(p.service));
  if (!valid) throw new CallTokenRefused('the call token names no valid principal');
  return p as unknown as Principal;
}
