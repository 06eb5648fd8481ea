import type { ServiceClients } from '@mp/service-host';

/**
 * The other services' calls consent makes, and nothing more: the host's
 * ServiceClients satisfies it, and tests pass a small object of async
 * functions. Properties are read at call time, because the host creates a
 * client (and needs its address) only on first use.
 */
export interface ConsentClients {
  /**
   * Whether a subaccount route's subaccount belongs to the caller's account
   * (NOT_FOUND "Subaccount not found." when not). GetSendingStanding rather
   * than GetSubaccount: identity serves GetSubaccount to signed-in users only,
   * and consent routes are called with API keys too.
   */
  readonly identity: Pick<ServiceClients['identity'], 'getSendingStanding'>;
}
