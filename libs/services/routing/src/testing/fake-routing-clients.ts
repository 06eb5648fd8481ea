import type { consentV1, identityV1 } from '@mp/contracts';
import type { CallOptions } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { RoutingClients } from '../routing-deps';

/**
 * Identity and consent as routing asks them, steered by a test: identity
 * knows the subaccounts added with `knowSubaccount` (each of its account)
 * and answers any other with its NOT_FOUND; consent blocks the
 * (recipient, channel) pairs added with `block`. Every call is recorded with
 * its options.
 */
export class FakeRoutingClients implements RoutingClients {
  readonly calls: Array<{ method: string; request: unknown; options?: CallOptions }> = [];
  private readonly subaccounts = new Set<string>();
  private readonly blocked = new Map<string, string>();

  knowSubaccount(accountId: string, subaccountId: string): void {
    this.subaccounts.add(`${accountId}/${subaccountId}`);
  }

  block(recipient: string, channelType: string, reason = 'recipient opted out'): void {
    this.blocked.set(`${recipient}|${channelType}`, reason);
  }

  /** As the host's clients view: nothing to close. */
  close(): void {}

  readonly identity = {
    getSendingStanding: async (request: identityV1.GetSendingStandingRequest, options?: CallOptions): Promise<identityV1.SendingStanding> => {
      this.calls.push({ method: 'identity.getSendingStanding', request, options });
      if (request.subaccountId && !this.subaccounts.has(`${request.accountId}/${request.subaccountId}`)) throw DomainError.notFound('Subaccount');
      return { accountStatus: 'active', subscriptionActive: true };
    },
  };

  readonly consent = {
    checkSendPermission: async (request: consentV1.CheckSendPermissionRequest, options?: CallOptions): Promise<consentV1.CheckSendPermissionResponse> => {
      this.calls.push({ method: 'consent.checkSendPermission', request, options });
      const reason = this.blocked.get(`${request.recipient}|${request.channelType}`);
      return reason ? { allowed: false, reason } : { allowed: true };
    },
  };
}
