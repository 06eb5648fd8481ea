import type { messagingV1 } from '@mp/contracts';
import type { AsyncClient, Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';

/** The part of messaging the simulator asks: a message the caller sent and what its carriers answered. */
export type SentMessages = Pick<AsyncClient<typeof messagingV1.MessagingServiceService>, 'getMessage' | 'listCarrierEvents'>;

/**
 * The WhatsApp message id (wamid) of the latest accepted attempt of message
 * `messageId` the caller sent to `to`, as the platform recorded it: a send
 * over the Cloud API carries no reference of ours (Meta has none), so the
 * fake cannot find it in its own filing. Undefined when there is none.
 */
export async function recordedWamid(
  messages: SentMessages,
  principal: Principal,
  sent: { accountId: string; subaccountId?: string; messageId: string; to: string },
): Promise<string | undefined> {
  const request = { accountId: sent.accountId, messageId: sent.messageId, ...(sent.subaccountId ? { subaccountId: sent.subaccountId } : {}) };
  try {
    const message = await messages.getMessage(request, { principal });
    if (message.destination !== sent.to) return undefined;
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'NOT_FOUND' || error.code === 'INVALID_INPUT')) return undefined;
    throw error;
  }
  const { items } = await messages.listCarrierEvents(request, { principal });
  const accepted = items.filter((e) => e.type === 'submission_accepted' && e.channelType === 'WhatsApp' && e.carrierMessageId);
  return accepted.sort((a, b) => b.attemptNumber - a.attemptNumber)[0]?.carrierMessageId;
}
