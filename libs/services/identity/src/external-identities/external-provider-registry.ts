import type { JWTVerifyGetKey } from 'jose';
import type { ExternalProviderConfig } from './external-provider-config';
import { remoteKeySet as cappedRemoteKeySet } from './remote-key-set';

/** Where a provider's signing keys come from; tests hand in local key sets. */
export type KeySetFactory = (provider: ExternalProviderConfig) => JWTVerifyGetKey;

/**
 * The issuer's key set: fetched on first use, kept 10 minutes, fetched again
 * at most every 30 s when a token names an unknown `kid` (key rotation), so a
 * stream of made-up kids cannot turn into a stream of requests to the issuer.
 * Each fetch reads at most 1 MiB (MAX_ANSWER_BYTES) within 5 s; past either it fails.
 */
export const remoteKeySet: KeySetFactory = (provider) =>
  cappedRemoteKeySet(new URL(provider.jwksUri), { timeoutMs: 5_000, cooldownMs: 30_000, cacheMaxAgeMs: 10 * 60_000 });

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
