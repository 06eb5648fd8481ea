import type { tendlcV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import { REGISTRATIONS } from '../testing/registration.factory';
import { checkBrandRequest, registrationFingerprint } from './brand-request.rules';

const request = (fields: Partial<tendlcV1.RegisterBrandRequest>): tendlcV1.RegisterBrandRequest => ({ accountId: '', ...fields });
const without = (body: Partial<tendlcV1.RegisterBrandRequest>, ...fields: string[]) =>
  Object.fromEntries(Object.entries(body).filter(([k]) => !fields.includes(k))) as Partial<tendlcV1.RegisterBrandRequest>;

/** The `errors` of the VALIDATION_FAILED the request is refused with. */
function errorsOf(fields: Partial<tendlcV1.RegisterBrandRequest>): Record<string, string[]> {
  try {
    checkBrandRequest(request(fields));
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('VALIDATION_FAILED');
    return (error as DomainError).extensions.errors!;
  }
  throw new Error('expected VALIDATION_FAILED');
}

describe('checkBrandRequest: each entity type', () => {
  it('accepts a US private company and normalises it', () => {
    expect(checkBrandRequest(request({ ...REGISTRATIONS.PRIVATE_PROFIT, referenceId: ' ref-1 ' }))).toEqual({
      referenceId: 'ref-1',
      registration: {
        entityType: 'PRIVATE_PROFIT',
        displayName: 'Acme Rockets',
        companyName: 'Acme Rockets LLC',
        ein: '123456789',
        einIssuingCountry: 'US',
        email: 'compliance@acme.example',
        phone: '+14155550100',
        street: '1 Market St',
        city: 'San Francisco',
        state: 'CA',
        postalCode: '94105-1234',
        country: 'US',
        website: 'https://acme.example/about',
        vertical: 'TECHNOLOGY',
      },
    });
  });

  it('accepts a public company with its listing, in capitals', () => {
    expect(checkBrandRequest(request(REGISTRATIONS.PUBLIC_PROFIT)).registration).toMatchObject({ stockSymbol: 'BRK.B', stockExchange: 'NYSE' });
  });

  it('accepts a Canadian non-profit: business number with its program account, province, postal code', () => {
    expect(checkBrandRequest(request(REGISTRATIONS.NON_PROFIT)).registration).toMatchObject({ ein: '123456789RT0001', state: 'ON', postalCode: 'M5H 2N2' });
  });

  it("accepts a French government body: its tax id as issued, the region's name, the postal code", () => {
    expect(checkBrandRequest(request(REGISTRATIONS.GOVERNMENT)).registration).toMatchObject({ ein: 'FR12345678901', state: 'Auvergne-Rhône-Alpes', postalCode: '69001' });
  });

  it('accepts a sole proprietor without tax id, company or website', () => {
    const { registration } = checkBrandRequest(request(REGISTRATIONS.SOLE_PROPRIETOR));
    expect(registration).toMatchObject({ entityType: 'SOLE_PROPRIETOR', firstName: 'Jane', lastName: 'Doe', mobilePhone: '+14155550111' });
    expect(registration).not.toHaveProperty('ein');
    expect(registration).not.toHaveProperty('companyName');
    expect(registration).not.toHaveProperty('website');
  });
});

describe('checkBrandRequest: refusals name every bad field', () => {
  const base = REGISTRATIONS.PRIVATE_PROFIT;

  it.each<[string, Partial<tendlcV1.RegisterBrandRequest>, Record<string, string[]>]>([
    [
      'nothing at all',
      {},
      Object.fromEntries(['entityType', 'displayName', 'email', 'phone', 'street', 'city', 'country', 'state', 'postalCode', 'vertical'].map((f) => [f, ['is required']])),
    ],
    [
      'a business missing what a business needs',
      without(base, 'companyName', 'ein', 'einIssuingCountry', 'website'),
      {
        companyName: ['is required for PRIVATE_PROFIT'],
        ein: ['is required for PRIVATE_PROFIT'],
        einIssuingCountry: ['is required for PRIVATE_PROFIT'],
        website: ['is required for PRIVATE_PROFIT'],
      },
    ],
    ['a public company without its listing', without(REGISTRATIONS.PUBLIC_PROFIT, 'stockSymbol', 'stockExchange'), { stockSymbol: ['is required for PUBLIC_PROFIT'], stockExchange: ['is required for PUBLIC_PROFIT'] }],
    ['a non-profit with a listing', { ...REGISTRATIONS.NON_PROFIT, stockSymbol: 'HH', stockExchange: 'TSX' }, { stockSymbol: ['is only for PUBLIC_PROFIT brands'], stockExchange: ['is only for PUBLIC_PROFIT brands'] }],
    [
      'a sole proprietor with a tax id, without the person',
      { ...without(REGISTRATIONS.SOLE_PROPRIETOR, 'firstName', 'lastName', 'mobilePhone'), ein: '123456789', einIssuingCountry: 'US' },
      {
        ein: ['must not be given for SOLE_PROPRIETOR: a sole proprietor registers without a tax id'],
        einIssuingCountry: ['must not be given for SOLE_PROPRIETOR'],
        firstName: ['is required for SOLE_PROPRIETOR'],
        lastName: ['is required for SOLE_PROPRIETOR'],
        mobilePhone: ['is required for SOLE_PROPRIETOR'],
      },
    ],
    ['an unknown entity type, with what can be judged without one', { ...base, entityType: 'LLC', email: 'x@y' }, { entityType: [expect.stringContaining('must be one of PRIVATE_PROFIT')], email: ['must be an email address: it has a domain without a dot'] }],
    ['a US EIN of 8 digits', { ...base, ein: '12-345678' }, { ein: ['must be a US EIN: 9 digits, written NNNNNNNNN or NN-NNNNNNN'] }],
    ['a US EIN with an unissued prefix', { ...base, ein: '00-1234567' }, { ein: ['must start with a prefix the IRS issues (never 00)'] }],
    ['a tax id without its country', without(base, 'einIssuingCountry'), { einIssuingCountry: ['is required for PRIVATE_PROFIT'] }],
    ['an unknown country', { ...base, country: 'ZZ', einIssuingCountry: 'USA' }, { country: [expect.stringContaining('ISO 3166-1')], einIssuingCountry: [expect.stringContaining('ISO 3166-1')] }],
    ['a state and a ZIP code the US does not have', { ...base, state: 'Cal', postalCode: '9410' }, { state: [expect.stringContaining('USPS')], postalCode: [expect.stringContaining('ZIP')] }],
    ['a Canadian address with a US postal code and state', { ...REGISTRATIONS.NON_PROFIT, state: 'NY', postalCode: '10001' }, { state: [expect.stringContaining('province')], postalCode: [expect.stringContaining('A1A 1A1')] }],
    [
      'phones, email and website in the wrong form',
      { ...base, phone: '415-555-0100', mobilePhone: '+0123', email: 'a@b@c.example', website: 'acme.example' },
      {
        phone: [expect.stringContaining('E.164')],
        mobilePhone: [expect.stringContaining('E.164')],
        email: ['must be an email address: it has a quoted local part or more than one @'],
        website: [expect.stringContaining('http or https URL')],
      },
    ],
    [
      'a phone of a length impossible under +1, comment glue in the email (issue 27)',
      { ...base, phone: '+1 415 555 001', email: 'user@good-corp.com(x)evil.com' },
      { phone: ['has too few digits for its country calling code'], email: ['must be an email address: it contains a comment (parentheses)'] },
    ],
    ['a website with credentials, an unknown vertical, a bad exchange', { ...REGISTRATIONS.PUBLIC_PROFIT, website: 'https://u:p@globex.example', vertical: 'SPACE', stockExchange: 'MOON' }, {
      website: [expect.any(String)],
      vertical: [expect.stringContaining('must be one of')],
      stockExchange: [expect.stringContaining('must be one of')],
    }],
    ['over-long and control characters', { ...base, displayName: 'é'.repeat(256), street: 'Line\u2028two', referenceId: 'r'.repeat(51) }, {
      displayName: ['must be at most 255 characters'],
      street: ['must not contain control characters or line breaks'],
      referenceId: ['must be at most 50 characters'],
    }],
    ['a reference id with spaces', { ...base, referenceId: 'my reference' }, { referenceId: [expect.stringContaining('letters, digits')] }],
  ])('%s', (_name, fields, errors) => {
    expect(errorsOf(fields)).toEqual(errors);
  });

  it('counts characters, not UTF-16 units: 255 emoji are a valid display name', () => {
    expect(checkBrandRequest(request({ ...base, displayName: '🚀'.repeat(255) })).registration.displayName).toHaveLength(510);
  });

  it('names the bad fields in the detail', () => {
    try {
      checkBrandRequest(request(without(base, 'city', 'vertical')));
    } catch (error) {
      expect((error as DomainError).detail).toBe('The brand registration has invalid fields: city, vertical.');
    }
  });
});

describe('registrationFingerprint', () => {
  it('is the same however a field was written, and differs when a field differs', () => {
    const a = checkBrandRequest(request(REGISTRATIONS.PRIVATE_PROFIT)).registration;
    const b = checkBrandRequest(request({ ...REGISTRATIONS.PRIVATE_PROFIT, ein: '123456789', state: 'CA', phone: '+14155550100' })).registration;
    const c = checkBrandRequest(request({ ...REGISTRATIONS.PRIVATE_PROFIT, displayName: 'Acme Rockets 2' })).registration;
    expect(registrationFingerprint(a)).toBe(registrationFingerprint(b));
    expect(registrationFingerprint(a)).not.toBe(registrationFingerprint(c));
  });
});
