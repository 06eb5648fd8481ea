import { randomUUID } from 'node:crypto';
import type { InboundMessageRow } from '../inbound-messages/inbound-message';

/** A stored reply with sensible defaults; override what the test is about. */
export function inboundMessageRow(overrides: Partial<InboundMessageRow> & { account_id: string; received_at: Date }): InboundMessageRow {
  return {
    inbound_message_id: randomUUID(),
    subaccount_id: null,
    channel_type: 'Sms',
    from_address: '+15550001111',
    to_address: '+15550009999',
    body: 'Yes please',
    keyword: null,
    in_reply_to_message_id: null,
    in_reply_to_client_reference: null,
    reply_option_key: null,
    reply_option_value: null,
    after_expiry: false,
    carrier: null,
    carrier_message_id: null,
    context_carrier_message_id: null,
    created_at: overrides.received_at,
    ...overrides,
  };
}
