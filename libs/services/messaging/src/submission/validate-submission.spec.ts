import type { messagingV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import { validateSubmission } from './validate-submission';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

function request(overrides: Partial<messagingV1.SendMessageRequest> = {}): messagingV1.SendMessageRequest {
  return {
    accountId: '7b0e8f52-3c1c-4b7e-9a36-2f4c8c1d9e01',
    subaccountRoute: false,
    templateParameters: {},
    destination: '+14155550123',
    body: 'Your code is 1234',
    ...overrides,
  };
}

function rejection(overrides: Partial<messagingV1.SendMessageRequest>): DomainError {
  try {
    validateSubmission(request(overrides), NOW);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the submission to be refused');
}

/** VALIDATION_FAILED naming exactly these fields. */
function expectFields(overrides: Partial<messagingV1.SendMessageRequest>, fields: string[]) {
  const error = rejection(overrides);
  expect(error.code).toBe('VALIDATION_FAILED');
  expect(error.status).toBe(400);
  expect(Object.keys(error.extensions.errors ?? {}).sort()).toEqual([...fields].sort());
  return error.extensions.errors ?? {};
}

describe('validateSubmission', () => {
  describe('accepts', () => {
    it('a minimal SMS with the defaults', () => {
      expect(validateSubmission(request(), NOW)).toEqual({
        channel: 'Sms',
        destination: '+14155550123',
        body: 'Your code is 1234',
        messageType: 'Transactional',
        priority: 'Normal',
        actor: null,
        clientReference: null,
        externalId: null,
        sendAt: null,
        expiresAt: null,
        template: null,
      });
    });

    it('`to` as the recipient, and both names when they agree', () => {
      expect(validateSubmission(request({ destination: undefined, to: '+447700900123' }), NOW).destination).toBe('+447700900123');
      expect(validateSubmission(request({ to: '+14155550123' }), NOW).destination).toBe('+14155550123');
    });

    it('WhatsApp to E.164 and Email to an address', () => {
      expect(validateSubmission(request({ channelType: 'WhatsApp' }), NOW).channel).toBe('WhatsApp');
      const email = validateSubmission(request({ channelType: 'Email', destination: 'ana@example.com' }), NOW);
      expect(email).toMatchObject({ channel: 'Email', destination: 'ana@example.com' });
    });

    it('Marketing, Urgent, a trimmed clientReference and the ids', () => {
      const valid = validateSubmission(
        request({ messageType: 'Marketing', priority: 'Urgent', clientReference: '  order-42 ', externalId: 'req-1', actor: 'crm' }),
        NOW,
      );
      expect(valid).toMatchObject({ messageType: 'Marketing', priority: 'Urgent', clientReference: 'order-42', externalId: 'req-1', actor: 'crm' });
    });

    it('a blank clientReference as none', () => {
      expect(validateSubmission(request({ clientReference: '   ' }), NOW).clientReference).toBeNull();
    });

    it.each([
      ['Sms', 1600],
      ['WhatsApp', 4096],
      ['Email', 100_000],
    ])('a %s body of exactly %i characters', (channelType, length) => {
      const destination = channelType === 'Email' ? 'ana@example.com' : '+14155550123';
      expect(validateSubmission(request({ channelType, destination, body: 'a'.repeat(length) }), NOW).body).toHaveLength(length);
    });

    it('counts an emoji as one character', () => {
      expect(() => validateSubmission(request({ body: '\u{1F600}'.repeat(1600) }), NOW)).not.toThrow();
    });

    it('sendAt 60 seconds and 30 days ahead, with expiresAt after it', () => {
      expect(validateSubmission(request({ sendAt: at(60 * SECOND) }), NOW).sendAt).toEqual(new Date(at(60 * SECOND)));
      const later = validateSubmission(request({ sendAt: at(30 * DAY), expiresAt: at(30 * DAY + SECOND) }), NOW);
      expect(later.expiresAt).toEqual(new Date(at(30 * DAY + SECOND)));
    });
  });

  describe('recipient', () => {
    it('neither destination nor to: destination is required', () => {
      expect(expectFields({ destination: undefined }, ['destination']).destination[0]).toMatch(/required/);
    });

    it('blank values count as missing', () => {
      expectFields({ destination: '  ', to: '' }, ['destination']);
    });

    it('destination and to that differ: both fields named', () => {
      expectFields({ to: '+447700900123' }, ['destination', 'to']);
    });

    it.each(['Sms', 'WhatsApp'])('%s needs E.164, and the message names the field used', (channelType) => {
      expect(expectFields({ channelType, destination: '4155550123' }, ['destination']).destination[0]).toMatch(/^destination must be an E\.164/);
      expect(expectFields({ channelType, destination: undefined, to: '0044 7700' }, ['to']).to[0]).toMatch(/^to must be an E\.164/);
    });

    it('Email needs an email address', () => {
      expect(expectFields({ channelType: 'Email' }, ['destination']).destination[0]).toMatch(/email address/);
      expect(expectFields({ channelType: 'Email', destination: 'ana@', body: 'hi' }, ['destination']).destination[0]).toBe(
        'destination must be an email address for channel Email: it has a domain without a dot',
      );
      // Comment glue that a mail library would send to another domain (issue 27).
      expect(expectFields({ channelType: 'Email', destination: 'user@good-corp.com(x)evil.com', body: 'hi' }, ['destination']).destination[0]).toMatch(/comment/);
    });

    it('an impossible number for its country code is refused, with the field named', () => {
      expect(expectFields({ channelType: 'Sms', destination: '+1415555001', body: 'hi' }, ['destination']).destination[0]).toBe(
        'destination has too few digits for its country calling code (an impossible number for channel Sms)',
      );
    });

    it('an email address is not a WhatsApp or Sms destination', () => {
      expectFields({ channelType: 'WhatsApp', destination: 'ana@example.com' }, ['destination']);
      expectFields({ channelType: 'Sms', destination: 'ana@example.com' }, ['destination']);
    });
  });

  describe('fields', () => {
    it.each(['Fax', 'sms', 'Voice'])('channelType %s', (channelType) => {
      expect(expectFields({ channelType }, ['channelType']).channelType[0]).toBe('channelType must be one of Sms, WhatsApp, Email');
    });

    it('body missing or blank without templateId', () => {
      expectFields({ body: undefined }, ['body']);
      expectFields({ body: ' \n ' }, ['body']);
    });

    it.each([
      ['Sms', 1601],
      ['WhatsApp', 4097],
      ['Email', 100_001],
    ])('a %s body of %i characters', (channelType, length) => {
      const destination = channelType === 'Email' ? 'ana@example.com' : '+14155550123';
      expect(expectFields({ channelType, destination, body: 'a'.repeat(length) }, ['body']).body[0]).toContain(`(got ${length})`);
    });

    it.each([
      ['messageType', 'Promotional'],
      ['priority', 'High'],
    ])('%s %s', (field, value) => {
      expectFields({ [field]: value }, [field]);
    });

    it('clientReference over 128 characters', () => {
      expect(expectFields({ clientReference: 'r'.repeat(129) }, ['clientReference']).clientReference[0]).toMatch(/at most 128/);
    });

    it('externalId over 128 characters', () => {
      expectFields({ externalId: 'x'.repeat(129) }, ['externalId']);
    });

    it('actor over 256 characters', () => {
      expect(expectFields({ actor: 'a'.repeat(257) }, ['actor']).actor[0]).toBe('actor must be at most 256 characters');
    });

    it('templateParameters without templateId', () => {
      expect(expectFields({ templateParameters: { name: 'Ana' } }, ['templateParameters']).templateParameters[0]).toBe(
        'templateParameters are only used with templateId',
      );
    });

    it('templateId that is not a UUID', () => {
      expectFields({ templateId: 'welcome', body: undefined }, ['templateId']);
    });

    it('a body subaccountId that is not a UUID on the account route', () => {
      expectFields({ subaccountId: 'sub-1' }, ['subaccountId']);
    });

    it.each([
      '2026-03-02T12:00:00',
      '2026-03-02T12:00:00+00:00',
      '2026-03-02',
      '2026-03-02 12:00:00Z',
      '2026-02-30T12:00:00Z',
      '2026-03-02T24:00:00Z',
      'tomorrow',
    ])('sendAt and expiresAt %s', (value) => {
      expectFields({ sendAt: value, expiresAt: value }, ['sendAt', 'expiresAt']);
    });

    it('collects every bad field in one error', () => {
      expectFields(
        { destination: 'nope', channelType: 'Sms', body: undefined, priority: 'Low', externalId: 'x'.repeat(200), sendAt: 'soon' },
        ['destination', 'body', 'priority', 'externalId', 'sendAt'],
      );
    });
  });

  describe('schedule', () => {
    it.each([
      ['in the past', -SECOND],
      ['now', 0],
      ['59 seconds ahead', 59 * SECOND],
      ['30 days and a second ahead', 30 * DAY + SECOND],
    ])('sendAt %s: SEND_AT_OUT_OF_RANGE', (_name, offset) => {
      const error = rejection({ sendAt: at(offset) });
      expect(error.code).toBe('SEND_AT_OUT_OF_RANGE');
      expect(error.status).toBe(400);
      expect(Object.keys(error.extensions.errors ?? {})).toEqual(['sendAt']);
    });

    it.each([
      ['in the past', { expiresAt: at(-SECOND) }],
      ['now', { expiresAt: at(0) }],
      ['equal to sendAt', { sendAt: at(DAY), expiresAt: at(DAY) }],
      ['before sendAt', { sendAt: at(DAY), expiresAt: at(DAY - SECOND) }],
    ])('expiresAt %s: EXPIRES_AT_INVALID', (_name, overrides) => {
      const error = rejection(overrides);
      expect(error.code).toBe('EXPIRES_AT_INVALID');
      expect(error.status).toBe(400);
      expect(Object.keys(error.extensions.errors ?? {})).toEqual(['expiresAt']);
    });

    it('field errors come before the schedule codes', () => {
      expect(rejection({ sendAt: at(-DAY), priority: 'High' }).code).toBe('VALIDATION_FAILED');
    });
  });

  it('a valid templateId the account does not have: NOT_FOUND Template, after the field errors', () => {
    const error = rejection({ templateId: '0f8fad5b-d9cb-469f-a165-70867728950e', body: undefined });
    expect([error.code, error.status, error.detail]).toEqual(['NOT_FOUND', 404, 'Template not found.']);
    expect(rejection({ templateId: '0f8fad5b-d9cb-469f-a165-70867728950e', body: undefined, priority: 'High' }).code).toBe('VALIDATION_FAILED');
  });
});
