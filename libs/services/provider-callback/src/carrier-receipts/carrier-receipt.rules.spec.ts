import { DomainError } from '@mp/problems';
import { thrownBy } from '../testing/thrown';
import { toCarrierReceipt } from './carrier-receipt.rules';

const valid = {
  eventId: 'evt-1',
  carrierMessageId: 'sim-1',
  reference: '0b6c7d5e-1f2a-4b3c-9d8e-7f6a5b4c3d2e:2',
  status: 'undelivered',
  errorCode: '30003',
  occurredAt: '2026-10-20T10:00:00.000Z',
};


describe('carrier receipt rules', () => {
  it('splits the reference into message id and attempt', () => {
    expect(toCarrierReceipt(valid)).toMatchObject({
      eventId: 'evt-1',
      messageId: '0b6c7d5e-1f2a-4b3c-9d8e-7f6a5b4c3d2e',
      attempt: 2,
      status: 'undelivered',
      errorCode: '30003',
      occurredAt: '2026-10-20T10:00:00.000Z',
    });
  });

  it('treats a null errorCode as absent and normalises occurredAt to UTC', () => {
    const r = toCarrierReceipt({ ...valid, status: 'delivered', errorCode: null, occurredAt: '2026-10-20T12:00:00+02:00' });
    expect(r.errorCode).toBeUndefined();
    expect(r.occurredAt).toBe('2026-10-20T10:00:00.000Z');
  });

  it('names every bad field as INVALID_INPUT', () => {
    const error = thrownBy(() => toCarrierReceipt({ ...valid, eventId: '', reference: 'no-attempt', status: 'read', occurredAt: 'yesterday', errorCode: 7 }));
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('INVALID_INPUT');
    expect(Object.keys(error.extensions.errors ?? {}).sort()).toEqual(['errorCode', 'eventId', 'occurredAt', 'reference', 'status']);
    expect(error.detail).toContain('reference must be <messageId>:<attempt>');
  });

  it('refuses attempt 0 and a missing message id', () => {
    expect(thrownBy(() => toCarrierReceipt({ ...valid, reference: 'm-1:0' })).code).toBe('INVALID_INPUT');
    expect(thrownBy(() => toCarrierReceipt({ ...valid, reference: ':1' })).code).toBe('INVALID_INPUT');
  });
});
