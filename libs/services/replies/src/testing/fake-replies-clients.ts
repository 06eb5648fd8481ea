import type { messagingV1, routingV1 } from '@mp/contracts';
import type { CallOptions } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { RepliesClients } from '../replies-clients';

/**
 * Routing and messaging as plain functions a test steers: routing knows the
 * numbers put in `numbers` (address|channel), messaging the messages in
 * `messages`; every call is recorded with its options.
 */
export class FakeRepliesClients implements RepliesClients {
  readonly numbers = new Map<string, { accountId: string; subaccountId?: string }>();
  readonly messages = new Map<string, { accountId: string; subaccountId?: string }>();
  /** When set, routing fails with it (e.g. unreachable). */
  routingFailure?: Error;
  readonly calls: Array<{ method: string; request: unknown; options?: CallOptions }> = [];

  addNumber(address: string, channelType: string, owner: { accountId: string; subaccountId?: string }): void {
    this.numbers.set(`${address}|${channelType}`, owner);
  }

  readonly routing = {
    resolveNumber: async (request: routingV1.ResolveNumberRequest, options?: CallOptions): Promise<routingV1.PhoneNumber> => {
      this.calls.push({ method: 'routing.resolveNumber', request, options });
      if (this.routingFailure) throw this.routingFailure;
      const owner = this.numbers.get(`${request.address}|${request.channelType}`);
      if (!owner) throw new DomainError('NOT_FOUND', 'Number not found.');
      return {
        numberId: 'number-1',
        accountId: owner.accountId,
        subaccountId: owner.subaccountId,
        address: request.address,
        channelTypes: [request.channelType],
        status: 'active',
        createdAt: undefined,
      };
    },
  };

  /** Messaging's reach rule in short: the account, and the subaccount when one is named. */
  readonly messaging = {
    getMessage: async (request: messagingV1.GetMessageRequest, options?: CallOptions): Promise<messagingV1.Message> => {
      this.calls.push({ method: 'messaging.getMessage', request, options });
      const message = this.messages.get(request.messageId);
      if (!message || message.accountId !== request.accountId || (request.subaccountId && request.subaccountId !== message.subaccountId)) {
        throw new DomainError('NOT_FOUND', 'Message not found.');
      }
      return { messageId: request.messageId, accountId: message.accountId, subaccountId: message.subaccountId } as messagingV1.Message;
    },
  };
}
