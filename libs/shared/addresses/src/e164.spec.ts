import fc from 'fast-check';
import { describeE164Fault, e164Fault, isE164 } from './e164';

describe('the E.164 rule', () => {
  it.each([
    ['a US number', '+14155550100'],
    ['a +1 555 sandbox number', '+15550001234'],
    ['the sandbox GB prefix', '+447700900123'],
    ['a French mobile', '+33612345678'],
    ['a German number', '+4930123456'],
    ['a toll-free international number (+800)', '+80012345678'],
    ['a number of the longest length', '+861234567890'],
  ])('accepts %s: %s', (_what, number) => {
    expect(e164Fault(number)).toBeUndefined();
    expect(isE164(number)).toBe(true);
  });

  it.each([
    ['nine national digits under +1', '+1415555001', 'too-short'],
    ['eleven national digits under +1', '+141555500100', 'too-long'],
    ['a short French number', '+3361234567', 'too-short'],
    ['a length GB numbers do not have', '+4477009001', 'invalid-length'],
    ['a +1 number with the trunk 1 repeated', '+114155550100', 'national-prefix'],
    ['a GB number with its trunk 0', '+4407700900123', 'national-prefix'],
    ['a Ukrainian number with its trunk 0', '+3800501234567', 'national-prefix'],
    ['an unassigned country code', '+999123456789', 'unknown-country-code'],
    ['no +', '14155550100', 'format'],
    ['a leading zero', '+04155550100', 'format'],
    ['spaces', '+1 415 555 0100', 'format'],
    ['dashes', '+1-415-555-0100', 'format'],
    ['full-width digits', '+１4155550100', 'format'],
    ['more than 15 digits', '+1234567890123456', 'format'],
    ['an extension', '+14155550100;ext=1', 'format'],
    ['a trailing newline', '+14155550100\n', 'format'],
    ['empty', '', 'format'],
  ])('refuses %s: %j (%s)', (_what, number, fault) => {
    expect(e164Fault(number)).toBe(fault);
    expect(isE164(number)).toBe(false);
    expect(describeE164Fault(fault as never)).toEqual(expect.any(String));
  });

  it('accepts every +1 number of ten national digits, and no other length under +1', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,14}$/), (digits) => {
        // The one exception the metadata keeps: Canada's seven-digit 310-XXXX numbers (dialled without an area code).
        if (digits.length === 7 && digits.startsWith('310')) return;
        expect(isE164(`+1${digits}`)).toBe(digits.length === 10);
      }),
      { numRuns: 2000 },
    );
  });

  it("accepts Canada's seven-digit 310 numbers, as libphonenumber's metadata has them, and no other seven digits under +1", () => {
    expect(isE164('+13100000')).toBe(true);
    expect(e164Fault('+14155550')).toBe('too-short');
  });

  it('accepts nothing the E.164 shape refuses', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (value) => {
        if (!/^\+[1-9][0-9]{1,14}$/.test(value)) expect(e164Fault(value)).toBe('format');
      }),
    );
  });
});
