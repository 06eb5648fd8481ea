import type { CallbackQueue } from '../callbacks/post-callbacks.job';
import type { InboundCallbackRow } from './inbound-callbacks.repository';

/**
 * The inbound message as the carrier posts it (DECISIONS "Callbacks"), its
 * fields in a fixed order so that every retry carries identical bytes.
 * `context` only when the message quotes one (WhatsApp).
 */
export function inboundPayload(row: InboundCallbackRow): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    eventId: row.event_id,
    carrierMessageId: row.carrier_message_id,
    channel: row.channel,
    from: row.from_address,
    to: row.to_address,
    body: row.body,
    receivedAt: new Date(row.received_at).toISOString(),
  };
  if (row.context_id !== null) payload.context = { id: row.context_id };
  return payload;
}

/** Recipients' messages, posted to the platform's `/inbound` callback. */
export const INBOUND_QUEUE: CallbackQueue<InboundCallbackRow> = {
  name: 'carrier-simulator.post-inbound',
  table: 'inbound_callbacks',
  route: 'inbound',
  payload: inboundPayload,
};
