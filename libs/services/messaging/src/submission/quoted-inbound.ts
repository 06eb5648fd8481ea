import type { messagingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Channel } from '../rules';
import type { MessagingClients } from '../messaging-clients';
import { isUuid } from '../messages/ids';
import { present } from './recipient';

export const IN_REPLY_TO_FIELD = 'inReplyToInboundMessageId';

/** What a message answering an inbound one keeps: the inbound's id and the carrier's id its WhatsApp attempt quotes. */
export interface QuotedInbound {
  inboundMessageId: string;
  carrierMessageId: string;
}

const refuse = (reason: string) => DomainError.validation({ [IN_REPLY_TO_FIELD]: [reason] });

/**
 * The inbound message a send answers, read from replies (which stores each
 * inbound message with the carrier's id for it). It must be the sender's own
 * (the account's; the subaccount's when the caller is limited to one or sends
 * on the subaccount route): NOT_FOUND otherwise, as for an unknown templateId.
 * It must be a WhatsApp message from the send's recipient with the carrier's
 * id kept, and the message must have WhatsApp in its route (only a WhatsApp
 * attempt can quote): VALIDATION_FAILED naming the field otherwise. Nothing
 * is stored before this passes. The UUID format is validateSubmission's.
 */
export async function quotedInboundOf(
  clients: Pick<MessagingClients, 'replies'>,
  principal: Principal,
  request: messagingV1.SendMessageRequest,
  send: { subaccountId: string | undefined; destination: string; channels: readonly Channel[] },
): Promise<QuotedInbound | null> {
  const inboundMessageId = present(request.inReplyToInboundMessageId);
  if (inboundMessageId === undefined || !isUuid(inboundMessageId)) return null;
  const subaccountId = principal.subaccountId ?? (request.subaccountRoute ? send.subaccountId : undefined);
  const found = await clients.replies.getInboundMessage({ accountId: request.accountId, subaccountId, inboundMessageId }, { asService: true });
  const inbound = found.inboundMessage;
  if (!inbound) throw DomainError.notFound('Inbound message');
  if (inbound.channelType !== 'WhatsApp') {
    throw refuse(`${IN_REPLY_TO_FIELD} must name a WhatsApp inbound message (this one came by ${inbound.channelType}): only WhatsApp quotes the message it answers`);
  }
  if (!send.channels.includes('WhatsApp')) {
    throw refuse(`${IN_REPLY_TO_FIELD} needs a message sent on WhatsApp (channelType or its fallback route): only a WhatsApp attempt quotes the message it answers`);
  }
  if (inbound.from !== send.destination) {
    throw refuse(`${IN_REPLY_TO_FIELD} must name an inbound message from the message's recipient (it came from ${inbound.from})`);
  }
  if (!found.carrierMessageId) throw refuse(`${IN_REPLY_TO_FIELD} names an inbound message without the carrier's id, which cannot be quoted`);
  return { inboundMessageId, carrierMessageId: found.carrierMessageId };
}
