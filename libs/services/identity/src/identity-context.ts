import type { Clock } from '@mp/clock';
import type { OutboxWriter } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { ExternalProviderRegistry } from './external-identities/external-provider-registry';
import type { IdentityConfig } from './identity-config';
import type { SigningKeyStore } from './signing-keys/signing-key-store';

/** What every identity use case works with; built once in `create`. */
export interface IdentityContext {
  /** Bound to the `identity` schema. */
  db: Knex;
  clock: Clock;
  outbox: OutboxWriter;
  config: IdentityConfig;
  logger: Logger;
  keys: SigningKeyStore;
  /** The OpenID Connect issuers of EXTERNAL_IDENTITY_PROVIDERS, with their cached key sets. */
  externalProviders: ExternalProviderRegistry;
}
