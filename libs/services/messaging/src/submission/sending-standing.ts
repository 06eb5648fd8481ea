import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { MessagingClients } from '../messaging-clients';

/**
 * Send-time account checks (spec 4.2): the account must be active and have a
 * subscription. Identity owns both; its errors (e.g. an unknown subaccount)
 * reach the caller unchanged. Answers the standing, whose quotas the send
 * then counts against. The standing may be one messaging holds
 * (sending-standing-cache.ts: evicted by identity's events); the checks run
 * at every send all the same.
 */
export async function assertMaySend(
  clients: MessagingClients,
  principal: Principal,
  accountId: string,
  subaccountId: string | undefined,
): Promise<identityV1.SendingStanding> {
  const standing = await clients.identity.getSendingStanding({ accountId, subaccountId }, { principal });
  if (standing.accountStatus.toLowerCase() !== 'active') {
    throw new DomainError('ACCOUNT_INACTIVE', 'The account is not active.');
  }
  if (!standing.subscriptionActive) {
    throw new DomainError('NO_ACTIVE_SUBSCRIPTION', 'The account has no active subscription.');
  }
  return standing;
}
