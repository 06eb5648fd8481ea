import type { messagingV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import type { SentMessages } from '../inbound/quoted-message';

export interface SentMessage {
  accountId: string;
  messageId: string;
  destination: string;
  channelType: 'Sms' | 'WhatsApp';
  /** The carrier id the platform recorded for each accepted attempt, in attempt order. */
  carrierMessageIds: string[];
}

/** Stands in for messaging: the messages `add`ed, each visible to its own account only. */
export function fakeSentMessages(): { sentMessages: SentMessages; add(message: SentMessage): void } {
  const messages: SentMessage[] = [];
  const find = (request: { accountId: string; messageId: string }) => {
    const message = messages.find((m) => m.messageId === request.messageId && m.accountId === request.accountId);
    if (!message) throw DomainError.notFound('Message');
    return message;
  };
  return {
    add: (message) => messages.push(message),
    sentMessages: {
      getMessage: async (request) => ({ destination: find(request).destination }) as messagingV1.Message,
      listCarrierEvents: async (request) => {
        const message = find(request);
        return {
          messageId: message.messageId,
          items: message.carrierMessageIds.map((carrierMessageId, i) => ({
            type: 'submission_accepted',
            attemptNumber: i + 1,
            channelType: message.channelType,
            carrierMessageId,
          })),
        } as unknown as messagingV1.CarrierEventList;
      },
    },
  };
}
