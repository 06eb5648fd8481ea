import type { ServiceClients } from '@mp/service-host';

/**
 * The other services' calls replies makes, and nothing more: the host's
 * ServiceClients satisfies it, and tests pass a small object of async
 * functions. Properties are read at call time, because the host creates a
 * client (and needs its address) only on first use.
 */
export interface RepliesClients {
  /** Which account owns the number a reply came to (services only). */
  readonly routing: Pick<ServiceClients['routing'], 'resolveNumber'>;
  /** Whether the caller reaches the message whose replies it lists. */
  readonly messaging: Pick<ServiceClients['messaging'], 'getMessage'>;
}
