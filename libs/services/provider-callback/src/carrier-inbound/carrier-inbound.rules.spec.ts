import { DomainError } from '@mp/problems';
import { thrownBy } from '../testing/thrown';
import { toCarrierInbound } from './carrier-inbound.rules';

const valid = {
  eventId: 'evt-1',
  carrierMessageId: 'wamid.1',
  channel: 'WhatsApp',
  from: '+15557654321',
  to: '+15550000001',
  body: 'C',
  receivedAt: '2026-10-20T10:00:00.000Z',
};

const fieldsOf = (error: DomainError) => Object.keys(error.extensions.errors ?? {}).sort();

describe('carrier inbound rules', () => {
  it('reads a good callback, normalising receivedAt to UTC', () => {
    expect(toCarrierInbound({ ...valid, receivedAt: '2026-10-20T12:00:00+02:00' })).toEqual({ ...valid, receivedAt: '2026-10-20T10:00:00.000Z', contextId: undefined });
  });

  it('takes the quoted message from context.id; a null context is none', () => {
    expect(toCarrierInbound({ ...valid, context: { id: 'wamid.0' } }).contextId).toBe('wamid.0');
    expect(toCarrierInbound({ ...valid, context: null }).contextId).toBeUndefined();
  });

  it('names every bad field as INVALID_INPUT', () => {
    const error = thrownBy(() =>
      toCarrierInbound({ eventId: '', carrierMessageId: 'x'.repeat(201), channel: 'sms', from: ' ', to: 7, body: '', receivedAt: 'yesterday', context: {} }),
    );
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'INVALID_INPUT', status: 400 });
    expect(fieldsOf(error)).toEqual(['body', 'carrierMessageId', 'channel', 'context.id', 'eventId', 'from', 'receivedAt', 'to']);
    expect(error.detail).toMatch(/^The carrier inbound message is invalid: .*channel must be one of Sms, WhatsApp, Email\./);
  });

  it('refuses a time without an offset, and a missing one', () => {
    expect(fieldsOf(thrownBy(() => toCarrierInbound({ ...valid, receivedAt: '2026-10-20T10:00:00' })))).toEqual(['receivedAt']);
    const { receivedAt: _omitted, ...withoutTime } = valid;
    expect(fieldsOf(thrownBy(() => toCarrierInbound(withoutTime)))).toEqual(['receivedAt']);
  });

  it('takes a body of up to 4096 characters, an emoji counting as one', () => {
    expect(toCarrierInbound({ ...valid, body: '😀'.repeat(4096) }).body).toHaveLength(8192);
    expect(fieldsOf(thrownBy(() => toCarrierInbound({ ...valid, body: 'x'.repeat(4097) })))).toEqual(['body']);
    expect(fieldsOf(thrownBy(() => toCarrierInbound({ ...valid, body: null })))).toEqual(['body']);
  });

  it('takes addresses of up to 320 characters, ids of up to 200', () => {
    expect(toCarrierInbound({ ...valid, channel: 'Email', from: `${'a'.repeat(308)}@example.com`, eventId: 'e'.repeat(200) }).channel).toBe('Email');
    expect(fieldsOf(thrownBy(() => toCarrierInbound({ ...valid, from: `${'a'.repeat(309)}@example.com` })))).toEqual(['from']);
    expect(fieldsOf(thrownBy(() => toCarrierInbound({ ...valid, context: { id: 'w'.repeat(201) } })))).toEqual(['context.id']);
  });
});
