import { DomainError } from '@mp/problems';

// A carrier connection's name as messaging's configuration allows it (issue 28 point 1).
const CONNECTION_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The connection's name, stored as the carrier of its receipts and inbound messages; INVALID_INPUT otherwise. */
export function checkedConnectionName(carrier: string): string {
  if (!CONNECTION_NAME.test(carrier)) {
    throw new DomainError('INVALID_INPUT', 'carrier must be a connection name: lowercase letters, digits and -.', { errors: { carrier: ['carrier must be a connection name.'] } });
  }
  return carrier;
}
