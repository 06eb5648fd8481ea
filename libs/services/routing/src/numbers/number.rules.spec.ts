import { isChannelType, sandboxPhoneNumber, sandboxSenderAddress } from './number.rules';

describe('number rules', () => {
  it('pads the sequence value to 7 digits after the prefix', () => {
    expect(sandboxPhoneNumber('+1555', 1)).toBe('+15550000001');
    expect(sandboxPhoneNumber('+1555', 9_999_999)).toBe('+15559999999');
    expect(() => sandboxPhoneNumber('+1555', 10_000_000)).toThrow(RangeError);
  });

  it('builds sender addresses and knows the channel types', () => {
    expect(sandboxSenderAddress('0a1b2c3d', 'Sandbox.Messaging.Local')).toBe('sender-0a1b2c3d@sandbox.messaging.local');
    expect(isChannelType('WhatsApp')).toBe(true);
    expect(isChannelType('sms')).toBe(false);
  });
});
