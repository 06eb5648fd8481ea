import { queuedMessageRow } from '../testing/message-rows';
import { carrierTemplateOf } from './carrier-template';

describe('carrierTemplateOf', () => {
  const kept = { name: 'order_shipped', language: 'en_US', bodyParameters: ['Ann', 'A-42'] };

  it('a WhatsApp message sent from a linked template is submitted as that template', () => {
    const message = queuedMessageRow(new Date(), { channel_type: 'WhatsApp', whatsapp_template: kept });
    expect(carrierTemplateOf(message)).toEqual({ template: kept });
  });

  it('after falling back to another channel, the rendered text goes instead', () => {
    expect(carrierTemplateOf(queuedMessageRow(new Date(), { channel_type: 'Sms', whatsapp_template: kept }))).toEqual({});
  });

  it('a message with no template link (or stored before links existed) sends its text', () => {
    expect(carrierTemplateOf(queuedMessageRow(new Date(), { channel_type: 'WhatsApp', whatsapp_template: null }))).toEqual({});
    expect(carrierTemplateOf(queuedMessageRow(new Date(), { channel_type: 'WhatsApp' }))).toEqual({});
  });
});
