import { importJWK, SignJWT, type JWK, type KeyLike } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Principal } from '../call-context';
import { CALL_TOKEN_ALGORITHM } from './call-keys';
import { CALL_TOKEN_MAX_LIFETIME_SECONDS, PRINCIPAL_CLAIM } from './call-token-claims';

/**
 * Signs one short-lived token per call, naming the caller for one target
 * service (`aud`). Who signs is the `issuer`: `gateway`, a service's name, or
 * `staff`. With no principal of its own to carry, a call presents the
 * signer's identity: `anonymous` for the gateway, `service` for a service.
 */
export class CallTokenSigner {
  /** Recent tokens by principal and audience: signing once per caller every few seconds, not once per call. */
  private readonly recent = new Map<string, { token: string; exp: number }>();

  private constructor(
    private readonly key: KeyLike | Uint8Array,
    private readonly kid: string,
    readonly issuer: string,
    private readonly identity: Principal,
  ) {}

  static async fromJwk(jwk: JWK, issuer: string, identity?: Principal): Promise<CallTokenSigner> {
    const key = await importJWK(jwk, CALL_TOKEN_ALGORITHM);
    return new CallTokenSigner(key, jwk.kid!, issuer, identity ?? ownIdentity(issuer));
  }

  /** The same key signing for another issuer (each service of the embedded platform presents its own name). */
  as(issuer: string): CallTokenSigner {
    return new CallTokenSigner(this.key, this.kid, issuer, ownIdentity(issuer));
  }

  /** A token for `audience`, valid until the call's deadline at the latest. */
  async sign(principal: Principal | undefined, audience: string, deadline: Date): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const key = `${audience}\n${JSON.stringify(principal ?? this.identity)}`;
    const cached = this.recent.get(key);
    // Reuse only a token that expires by this call's deadline too, with a few seconds left.
    if (cached && cached.exp * 1000 <= deadline.getTime() && cached.exp - now >= REUSE_MARGIN_SECONDS) return cached.token;
    const expires = Math.max(Math.min(Math.floor(deadline.getTime() / 1000), now + CALL_TOKEN_MAX_LIFETIME_SECONDS), now);
    const token = await this.signNew(principal, audience, now, expires);
    if (this.recent.size >= MAX_RECENT) this.recent.clear();
    this.recent.set(key, { token, exp: expires });
    return token;
  }

  private signNew(principal: Principal | undefined, audience: string, now: number, expires: number): Promise<string> {
    return new SignJWT({ [PRINCIPAL_CLAIM]: principal ?? this.identity })
      .setProtectedHeader({ alg: CALL_TOKEN_ALGORITHM, kid: this.kid, typ: 'call+jwt' })
      .setIssuer(this.issuer)
      .setAudience(audience)
      .setIssuedAt(now)
      .setExpirationTime(expires)
      .setJti(randomUUID())
      .sign(this.key);
  }
}

const REUSE_MARGIN_SECONDS = 3;
const MAX_RECENT = 10_000;

function ownIdentity(issuer: string): Principal {
  return issuer === 'gateway' ? { kind: 'anonymous', accountId: '' } : { kind: 'service', accountId: '', service: issuer };
}
