import type { Degradation } from '@mp/service-host';
import type { SmppConnectionStatus } from './smpp-connection-status';

/**
 * The connections this replica cannot bind, for /readyz (issue 28 point 6): binds held here, none
 * bound, and at least one attempt failed (a connection still binding at start-up is not named yet).
 * A replica holding none of a connection's binds (leased to others) is not meant to bind it.
 * Readiness stays 200: an SMSC down must not take the messaging API out of its Service.
 */
export function unboundConnections(statuses: readonly SmppConnectionStatus[]): Degradation[] {
  return statuses
    .filter((s) => !s.closing && s.heldBinds > 0 && s.boundSessions === 0 && s.bindErrors.length > 0)
    .map((s) => ({ component: 'carrierConnection', name: s.connection, reason: s.bindErrors[0] }));
}
