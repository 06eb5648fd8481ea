import type { messagingV1 } from '@mp/contracts';
import { toReplyOptions } from '../templates/template.mapper';
import type { AuditRow, ChannelAttemptRow, MessageRow } from './message.types';

const iso = (value: Date | string | null | undefined): string | undefined =>
  value === null || value === undefined ? undefined : new Date(value).toISOString();

const optional = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

const money = (value: string | number | null | undefined): number | undefined =>
  value === null || value === undefined ? undefined : Number(value);

export function toChannelAttempt(row: ChannelAttemptRow): messagingV1.ChannelAttempt {
  return {
    channelType: row.channel_type,
    fromAddress: optional(row.from_address),
    status: row.status,
    attemptedAt: iso(row.attempted_at),
    completedAt: iso(row.completed_at),
    cost: money(row.cost),
    failureReason: optional(row.failure_reason),
  };
}

export function toAuditEntry(row: AuditRow): messagingV1.AuditEntry {
  return {
    at: iso(row.at),
    event: row.event,
    fromStatus: optional(row.from_status),
    toStatus: optional(row.to_status),
    detail: optional(row.detail),
  };
}

/** The Message resource (spec 2.2 with DECISIONS "Messages"). */
export function toMessage(row: MessageRow, attempts: ChannelAttemptRow[], audit: AuditRow[]): messagingV1.Message {
  return {
    messageId: row.id,
    accountId: row.account_id,
    subaccountId: optional(row.subaccount_id),
    channelType: row.channel_type,
    destination: row.destination,
    body: optional(row.body),
    status: row.status,
    segmentCount: row.segment_count,
    encoding: row.encoding,
    estimatedCost: Number(row.estimated_cost),
    clientReference: optional(row.client_reference),
    externalId: optional(row.external_id),
    messageType: row.message_type,
    priority: row.priority,
    actor: optional(row.actor),
    sendAt: iso(row.send_at),
    expiresAt: iso(row.expires_at),
    replyStatus: row.reply_status,
    replyOptionKey: optional(row.reply_option_key),
    replyOptionValue: optional(row.reply_option_value),
    answeredAt: iso(row.answered_at),
    channelHistory: attempts.map(toChannelAttempt),
    auditTrail: audit.map(toAuditEntry),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    templateId: optional(row.template_id),
    replyOptions: toReplyOptions(row.reply_options),
    inReplyToInboundMessageId: optional(row.in_reply_to_inbound_message_id ?? null),
  };
}
