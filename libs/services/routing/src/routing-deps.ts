import type { Clock } from '@mp/clock';
import type { ServiceClients } from '@mp/service-host';
import type { Knex } from 'knex';
import type { RoutingConfig } from './routing.config';

/**
 * The other services' calls routing makes, and nothing more: the host's
 * ServiceClients satisfies it, and tests pass a small object of async
 * functions. Read at call time: the host creates a client on first use.
 */
export interface RoutingClients {
  /** Whether a subaccount a customer names is one of its account's (NOT_FOUND "Subaccount not found." when not). */
  readonly identity: Pick<ServiceClients['identity'], 'getSendingStanding'>;
  /** What the recipient's consent says of a channel, for a route preview (asked as routing itself). */
  readonly consent: Pick<ServiceClients['consent'], 'checkSendPermission'>;
}

/** What the routing use cases work with. */
export interface RoutingDeps {
  db: Knex;
  clock: Clock;
  clients: RoutingClients;
  config: Pick<RoutingConfig, 'SANDBOX_NUMBER_PREFIX' | 'SANDBOX_EMAIL_DOMAIN'>;
  /** Numbers are provisioned at once and ready (SANDBOX=true), or recorded as production long codes. */
  sandbox: boolean;
  /** A whole number in [0, n): Random pools (tests make it predictable). */
  random(n: number): number;
}
