import { DomainError } from '@mp/problems';
import type { consentV1, identityV1, repliesV1, routingV1 } from '@mp/contracts';
import type { MessagingClients } from '../messaging-clients';

/**
 * The other services' contracts as plain async functions a test steers:
 * an active account with a subscription, one sender number, consent given.
 */
export class FakeClients implements MessagingClients {
  standing: identityV1.SendingStanding = { accountStatus: 'active', subscriptionActive: true };
  sender: routingV1.ChooseSenderResponse | Error = { numberId: 'n-1', fromAddress: '+15550000001' };
  permission: consentV1.CheckSendPermissionResponse = { allowed: true };
  /** Subaccount sends ask for it; disabled (no fallback) unless a test enables it. */
  policy: Omit<routingV1.RoutingPolicy, 'accountId' | 'subaccountId'> = {
    preferredChannelType: 'Sms',
    fallbackChain: [],
    isEnabled: false,
    receiptTimeoutSeconds: 0,
    fallbackOnDeliveryFailure: false,
  };
  /** Inbound messages replies would find, by id: only for their own account, as replies answers. */
  readonly inbound = new Map<string, repliesV1.InboundMessageWithCarrierId>();
  readonly calls: string[] = [];

  readonly identity = {
    getSendingStanding: async (_req: identityV1.GetSendingStandingRequest) => {
      this.calls.push('identity.getSendingStanding');
      return this.standing;
    },
  };

  readonly routing = {
    // The batch answers each item as the single call would; an error without a code is routing unreachable.
    chooseSenders: async (req: routingV1.ChooseSendersRequest): Promise<routingV1.ChooseSendersResponse> => {
      this.calls.push('routing.chooseSenders');
      const sender = this.sender;
      if (sender instanceof Error && !(sender as { code?: string }).code) throw sender;
      return {
        choices: req.requests.map(() =>
          sender instanceof Error ? { errorCode: (sender as { code?: string }).code, errorMessage: sender.message } : { sender },
        ),
      };
    },
    getRoutingPolicy: async (req: routingV1.GetRoutingPolicyRequest) => {
      this.calls.push('routing.getRoutingPolicy');
      return { accountId: req.accountId, subaccountId: req.subaccountId, ...this.policy };
    },
  };

  readonly consent = {
    checkSendPermissions: async (req: consentV1.CheckSendPermissionsRequest): Promise<consentV1.CheckSendPermissionsResponse> => {
      this.calls.push('consent.checkSendPermissions');
      return { results: req.requests.map(() => this.permission) };
    },
  };

  readonly replies = {
    getInboundMessage: async (req: repliesV1.GetInboundMessageRequest): Promise<repliesV1.InboundMessageWithCarrierId> => {
      this.calls.push('replies.getInboundMessage');
      const found = this.inbound.get(req.inboundMessageId);
      if (!found || found.inboundMessage?.accountId !== req.accountId) throw DomainError.notFound('Inbound message');
      return found;
    },
  };
}
