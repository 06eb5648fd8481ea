import type { CarrierAdapter, CarrierSubmission } from './carrier.port';
import { ChannelCarriers } from './channel-carriers';

const submission = (channel: CarrierSubmission['channel']): CarrierSubmission => ({
  reference: 'm:1',
  accountId: 'a',
  channel,
  from: 'f',
  to: 't',
  body: 'b',
});

const fake = (id: string): CarrierAdapter & { close: jest.Mock } => ({
  submit: async () => ({ kind: 'accepted', carrierMessageId: id }),
  close: jest.fn(),
});

describe('ChannelCarriers', () => {
  it('hands each submission to its channel carrier and lists only the channels that have one', async () => {
    const sms = fake('sms-1');
    const email = fake('email-1');
    const carriers = new ChannelCarriers({ Sms: sms, WhatsApp: undefined, Email: email });
    expect(carriers.channels).toEqual(['Sms', 'Email']);
    expect(await carriers.submit(submission('Sms'))).toEqual({ kind: 'accepted', carrierMessageId: 'sms-1' });
    expect(await carriers.submit(submission('Email'))).toEqual({ kind: 'accepted', carrierMessageId: 'email-1' });
    expect(await carriers.submit(submission('WhatsApp'))).toEqual({ kind: 'transient', reason: 'no carrier for channel WhatsApp' });
    carriers.close();
    expect(sms.close).toHaveBeenCalled();
    expect(email.close).toHaveBeenCalled();
  });
});
