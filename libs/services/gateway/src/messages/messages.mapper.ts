import type { messagingV1 } from '@mp/contracts';
import { orNull } from '../common/nullable';
import { toReplyOptions } from '../templates/templates.mapper';
import type { MessageResource, SendMessageRequest } from './messages.models';

export function toMessageResource(m: messagingV1.Message): MessageResource {
  return {
    messageId: m.messageId,
    accountId: m.accountId,
    subaccountId: orNull(m.subaccountId),
    channelType: m.channelType,
    destination: m.destination,
    body: orNull(m.body),
    status: m.status,
    segmentCount: m.segmentCount,
    encoding: m.encoding,
    estimatedCost: m.estimatedCost,
    clientReference: orNull(m.clientReference),
    externalId: orNull(m.externalId),
    messageType: m.messageType,
    priority: m.priority,
    actor: orNull(m.actor),
    sendAt: orNull(m.sendAt),
    expiresAt: orNull(m.expiresAt),
    replyStatus: m.replyStatus as MessageResource['replyStatus'],
    templateId: orNull(m.templateId),
    replyOptions: toReplyOptions(m.replyOptions),
    replyOptionKey: orNull(m.replyOptionKey),
    replyOptionValue: orNull(m.replyOptionValue),
    answeredAt: orNull(m.answeredAt),
    channelHistory: m.channelHistory.map((c) => ({
      channelType: c.channelType,
      fromAddress: orNull(c.fromAddress),
      status: c.status,
      attemptedAt: orNull(c.attemptedAt),
      completedAt: orNull(c.completedAt),
      cost: orNull(c.cost),
      failureReason: orNull(c.failureReason),
    })),
    auditTrail: m.auditTrail.map((a) => ({
      at: a.at ?? '',
      event: a.event,
      fromStatus: orNull(a.fromStatus),
      toStatus: orNull(a.toStatus),
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
