import { currentCallContext, requirePrincipal } from '@mp/grpc';
import { DomainError } from '@mp/problems';

/**
 * Receipts and inbound messages of a connection messaging holds (SMPP) carry
 * no HMAC: the bind authenticated the SMSC. So only messaging, as itself, may
 * bring them; the access file admits services, this names the one.
 */
export function requireMessagingCaller(): void {
  const principal = requirePrincipal(currentCallContext());
  if (principal.kind !== 'service' || principal.service !== 'messaging') {
    throw new DomainError('FORBIDDEN', 'Only messaging records the receipts and inbound messages of its carrier connections.');
  }
}
