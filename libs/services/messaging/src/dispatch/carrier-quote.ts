import type { CarrierSubmission } from '../carriers/carrier.port';
import type { MessageRow } from '../messages/message.types';

/**
 * The customer's message a try quotes (Meta's context.message_id), as the
 * message kept it at send: only while the message is on WhatsApp (a fallback
 * attempt on another channel has no way to quote). Spread into the submission.
 */
export function carrierQuoteOf(message: MessageRow): Pick<CarrierSubmission, 'quotes'> {
  const quoted = message.channel_type === 'WhatsApp' ? message.quoted_carrier_message_id : null;
  return quoted ? { quotes: quoted } : {};
}
