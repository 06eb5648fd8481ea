import type { routingV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import { numberWish } from './number-request.rules';
import { isReadyToSend } from './number.rules';

const request = (fields: Partial<routingV1.CreateNumberRequest>): routingV1.CreateNumberRequest => ({ accountId: 'a', channelTypes: ['Sms'], ...fields });

function fieldsNamed(fields: Partial<routingV1.CreateNumberRequest>): string[] {
  try {
    numberWish(request(fields));
  } catch (error) {
    expect((error as DomainError).code).toBe('VALIDATION_FAILED');
    return Object.keys((error as DomainError).extensions.errors!).sort();
  }
  throw new Error('expected VALIDATION_FAILED');
}

describe('numberWish (DECISIONS Numbers)', () => {
  it('takes a phone number named or picked, in a country or not', () => {
    expect(numberWish(request({ channelTypes: ['Sms', 'WhatsApp'] }))).toEqual({ kind: 'phone', channelTypes: ['Sms', 'WhatsApp'], phoneNumber: undefined, country: undefined });
    expect(numberWish(request({ phoneNumber: ' +14155550100 ', countryCode: 'us' }))).toEqual({ kind: 'phone', channelTypes: ['Sms'], phoneNumber: '+14155550100', country: 'US' });
    expect(numberWish(request({ countryCode: 'GB' }))).toMatchObject({ kind: 'phone', country: 'GB' });
  });

  it('takes Email alone as a sender address', () => {
    expect(numberWish(request({ channelTypes: ['Email'] }))).toEqual({ kind: 'email', channelTypes: ['Email'] });
  });

  it.each([
    [{ channelTypes: [] }, ['channelTypes']],
    [{ channelTypes: ['Fax'] }, ['channelTypes']],
    [{ channelTypes: ['Sms', 'Sms'] }, ['channelTypes']],
    [{ channelTypes: ['Sms', 'Email'] }, ['channelTypes']],
    [{ phoneNumber: '4155550100' }, ['phoneNumber']],
    // Nine national digits under +1: a length no +1 number has (issue 27).
    [{ phoneNumber: '+1415555001' }, ['phoneNumber']],
    [{ phoneNumber: '+1415555001', countryCode: 'US' }, ['phoneNumber']],
    [{ countryCode: 'ZZ' }, ['countryCode']],
    [{ countryCode: '+1' }, ['countryCode']],
    [{ phoneNumber: '+442079460000', countryCode: 'US' }, ['phoneNumber']],
    [{ channelTypes: ['Email'], phoneNumber: '+14155550100', countryCode: 'US' }, ['countryCode', 'phoneNumber']],
  ])('refuses %j naming %j', (fields, named) => {
    expect(fieldsNamed(fields as Partial<routingV1.CreateNumberRequest>)).toEqual(named);
  });
});

describe('isReadyToSend (spec 4.5)', () => {
  it('is true for sandbox numbers, email senders and campaign long codes only', () => {
    expect(isReadyToSend({ sandbox: true, channelTypes: ['Sms'] })).toBe(true);
    expect(isReadyToSend({ sandbox: false, channelTypes: ['Email'] })).toBe(true);
    expect(isReadyToSend({ sandbox: false, channelTypes: ['Sms', 'WhatsApp'] })).toBe(false);
    expect(isReadyToSend({ sandbox: false, channelTypes: ['Sms'], campaignId: 'C123' })).toBe(true);
  });
});
