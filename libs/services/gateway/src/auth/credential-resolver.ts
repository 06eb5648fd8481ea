import type { Clock } from '@mp/clock';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { ServiceClients } from '@mp/service-host';
import type { AccessTokenVerifier } from './access-token-verifier';
import { apiKeyCacheKey, type ApiKeyPrincipalCache } from './api-key-principal-cache';

export type SchemeName = 'bearer' | 'apiKey';

export interface PresentedCredential {
  scheme: SchemeName;
  value: string;
}

/** Which credential a request presents. A Bearer token wins when both are sent. */
export function presentedCredential(headers: Record<string, string | string[] | undefined>): PresentedCredential | undefined {
  const authorization = headers['authorization'];
  if (typeof authorization === 'string' && authorization.trim() !== '') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw new DomainError('UNAUTHORIZED', 'Authorization must be "Bearer <access token>".', { authScheme: 'Bearer' });
    return { scheme: 'bearer', value: match[1] };
  }
  const apiKey = headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey.trim() !== '') return { scheme: 'apiKey', value: apiKey.trim() };
  return undefined;
}

/**
 * Authenticates a credential into the principal services act for. API-key
 * principals come from `apiKeys.cache` when it holds them (start-gateway.ts);
 * access tokens are always confirmed with identity.
 */
export class CredentialResolver {
  constructor(
    private readonly verifier: AccessTokenVerifier,
    private readonly clients: ServiceClients,
    private readonly apiKeys?: { cache: ApiKeyPrincipalCache; clock: Clock },
  ) {}

  async resolve(credential: PresentedCredential): Promise<Principal> {
    if (credential.scheme === 'bearer') {
      const claims = await this.verifier.verify(credential.value);
      return (await this.clients.identity.authenticateAccessToken({ sessionId: claims.sessionId, userId: claims.userId })) as Principal;
    }
    const cached = this.apiKeys && { ...this.apiKeys, key: apiKeyCacheKey(credential.value) };
    const known = cached?.cache.lookup(cached.key, cached.clock.now());
    if (known) return known;
    const ticket = cached?.cache.ticket();
    const { principal, expiresAt } = await this.clients.identity.authenticateApiKey({ key: credential.value });
    if (!principal) throw new Error('identity authenticated an API key without a principal');
    // Refusals threw above: only a usable key is kept.
    if (cached && ticket !== undefined) cached.cache.store(ticket, cached.key, principal as Principal, expiresAt ? new Date(expiresAt) : undefined);
    return principal as Principal;
  }

  /** The user of an access token whose signature and claims check out (no session lookup). */
  async verifiedUserId(accessToken: string): Promise<string> {
    return (await this.verifier.verify(accessToken)).userId;
  }
}
