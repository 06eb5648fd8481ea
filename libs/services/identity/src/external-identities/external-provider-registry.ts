import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { ExternalProviderConfig } from './external-provider-config';

/** Where a provider's signing keys come from; tests hand in local key sets. */
export type KeySetFactory = (provider: ExternalProviderConfig) => JWTVerifyGetKey;

/**
 * jose's remote key set: fetched on first use, kept 10 minutes, fetched again
 * at most every 30 s when a token names an unknown `kid` (key rotation), so a
 * stream of made-up kids cannot turn into a stream of requests to the issuer.
 */
export const remoteKeySet: KeySetFactory = (provider) =>
  createRemoteJWKSet(new URL(provider.jwksUri), { timeoutDuration: 5_000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });

/** The configured issuers by name, each with one cached key set for the life of the process. */
export class ExternalProviderRegistry {
  private readonly byName: Map<string, ExternalProviderConfig>;
  private readonly keySets = new Map<string, JWTVerifyGetKey>();

  constructor(
    providers: readonly ExternalProviderConfig[],
    private readonly keySetFor: KeySetFactory = remoteKeySet,
  ) {
    this.byName = new Map(providers.map((p) => [p.name, p]));
  }

  find(name: string): ExternalProviderConfig | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  keys(provider: ExternalProviderConfig): JWTVerifyGetKey {
    let keySet = this.keySets.get(provider.name);
    if (!keySet) {
      keySet = this.keySetFor(provider);
      this.keySets.set(provider.name, keySet);
    }
    return keySet;
  }
}
