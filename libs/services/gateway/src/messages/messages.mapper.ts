import type { messagingV1 } from '@mp/contracts';
import { orNull } from '../common/nullable';
import { toReplyOptions } from '../templates/templates.mapper';
import type {
  ChannelAttemptStatus,
  ChannelType,
  Encoding,
  MessageResource,
  MessageStatus,
  MessageType,
  Priority,
  ReplyStatus,
  SendMessageRequest,
} from './messages.models';

// The services carry these closed sets as proto strings; the gateway publishes them as enums (spec 2.2, 3.1, 3.2).
const statusOf = (s: string | undefined): MessageStatus | null => (s ? (s as MessageStatus) : null);

export function toMessageResource(m: messagingV1.Message): MessageResource {
  return {
    messageId: m.messageId,
    accountId: m.accountId,
    subaccountId: orNull(m.subaccountId),
    channelType: m.channelType as ChannelType,
    destination: m.destination,
    body: orNull(m.body),
    status: m.status as MessageStatus,
    segmentCount: m.segmentCount,
    encoding: m.encoding as Encoding,
    estimatedCost: m.estimatedCost,
    clientReference: orNull(m.clientReference),
    externalId: orNull(m.externalId),
    messageType: m.messageType as MessageType,
    priority: m.priority as Priority,
    actor: orNull(m.actor),
    sendAt: orNull(m.sendAt),
    expiresAt: orNull(m.expiresAt),
    replyStatus: m.replyStatus as ReplyStatus,
    templateId: orNull(m.templateId),
    inReplyToInboundMessageId: orNull(m.inReplyToInboundMessageId),
    replyOptions: toReplyOptions(m.replyOptions),
    replyOptionKey: orNull(m.replyOptionKey),
    replyOptionValue: orNull(m.replyOptionValue),
    answeredAt: orNull(m.answeredAt),
    channelHistory: m.channelHistory.map((c) => ({
      channelType: c.channelType as ChannelType,
      fromAddress: orNull(c.fromAddress),
      status: c.status as ChannelAttemptStatus,
      attemptedAt: orNull(c.attemptedAt),
      completedAt: orNull(c.completedAt),
      cost: orNull(c.cost),
      failureReason: orNull(c.failureReason),
    })),
    auditTrail: m.auditTrail.map((a) => ({
      at: a.at ?? '',
      event: a.event,
      fromStatus: statusOf(a.fromStatus),
      toStatus: statusOf(a.toStatus),
      detail: orNull(a.detail),
    })),
    createdAt: m.createdAt ?? '',
    updatedAt: m.updatedAt ?? '',
  };
}

export function toSendRequest(
  body: SendMessageRequest,
  route: { accountId: string; subaccountId?: string; subaccountRoute: boolean; idempotencyKey?: string },
): messagingV1.SendMessageRequest {
  return {
    accountId: route.accountId,
    subaccountId: route.subaccountRoute ? route.subaccountId : body.subaccountId,
    subaccountRoute: route.subaccountRoute,
    channelType: body.channelType,
    destination: body.destination,
    to: body.to,
    body: body.body,
    templateId: body.templateId,
    templateParameters: body.templateParameters ?? {},
    inReplyToInboundMessageId: body.inReplyToInboundMessageId,
    messageType: body.messageType,
    actor: body.actor,
    clientReference: body.clientReference ?? undefined,
    externalId: body.externalId,
    sendAt: body.sendAt,
    expiresAt: body.expiresAt,
    priority: body.priority,
    idempotencyKey: route.idempotencyKey,
  };
}
