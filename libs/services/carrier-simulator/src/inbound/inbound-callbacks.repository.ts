import type { Knex } from 'knex';
import type { QueuedCallbackRow } from '../callbacks/callback-queue.repository';
import type { CheckedInbound, InboundChannel } from './inbound-message.rules';

export interface ScheduledInbound extends Omit<CheckedInbound, 'quotedMessageId'> {
  eventId: string;
  carrierMessageId: string;
  /** WhatsApp: the carrier message id of the quoted message. */
  contextId?: string;
  receivedAt: Date;
}

/** An `inbound_callbacks` row as the posting job claims it. */
export interface InboundCallbackRow extends QueuedCallbackRow {
  carrier_message_id: string;
  channel: InboundChannel;
  from_address: string;
  to_address: string;
  body: string;
  context_id: string | null;
  received_at: Date | string;
}

/** Due at once: the carrier passes a received message on as soon as it has it. */
export async function scheduleInboundCallback(db: Knex, inbound: ScheduledInbound): Promise<void> {
  await db('inbound_callbacks').insert({
    event_id: inbound.eventId,
    carrier_message_id: inbound.carrierMessageId,
    channel: inbound.channel,
    from_address: inbound.from,
    to_address: inbound.to,
    body: inbound.body,
    context_id: inbound.contextId ?? null,
    received_at: inbound.receivedAt,
    next_attempt_at: inbound.receivedAt,
  });
}
