import { queuedMessageRow } from '../testing/message-rows';
import { carrierQuoteOf } from './carrier-quote';

describe('carrierQuoteOf', () => {
  it('a WhatsApp message answering an inbound one quotes its carrier id', () => {
    const message = queuedMessageRow(new Date(), { channel_type: 'WhatsApp', quoted_carrier_message_id: 'wamid.IN1' });
    expect(carrierQuoteOf(message)).toEqual({ quotes: 'wamid.IN1' });
  });

  it('an attempt on another channel (fallback) quotes nothing', () => {
    expect(carrierQuoteOf(queuedMessageRow(new Date(), { channel_type: 'Sms', quoted_carrier_message_id: 'wamid.IN1' }))).toEqual({});
  });

  it('a message answering nothing (or stored before quotes existed) quotes nothing', () => {
    expect(carrierQuoteOf(queuedMessageRow(new Date(), { channel_type: 'WhatsApp', quoted_carrier_message_id: null }))).toEqual({});
    expect(carrierQuoteOf(queuedMessageRow(new Date(), { channel_type: 'WhatsApp' }))).toEqual({});
  });
});
