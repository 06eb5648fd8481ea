import type { CarrierSubmission } from '../carriers/carrier.port';
import type { MessageRow } from '../messages/message.types';

/**
 * The approved WhatsApp template a try sends instead of the text, as the
 * message kept it at send: only while the message is on WhatsApp (fallback to
 * another channel sends the rendered text there). Spread into the submission.
 */
export function carrierTemplateOf(message: MessageRow): Pick<CarrierSubmission, 'template'> {
  const kept = message.channel_type === 'WhatsApp' ? message.whatsapp_template : null;
  if (!kept) return {};
  return { template: { name: kept.name, language: kept.language, bodyParameters: [...kept.bodyParameters] } };
}
