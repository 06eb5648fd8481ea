import { DomainError } from '@mp/problems';
import { thrownBy } from '../testing/thrown';
import { MAX_RECEIPTS_PER_CALLBACK, toCarrierReceipt, toCarrierReceipts } from './carrier-receipt.rules';

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

  it('takes one receipt as a batch of one, and a batch of receipts in its order', () => {
    expect(toCarrierReceipts(valid)).toEqual([toCarrierReceipt(valid)]);
    const second = { ...valid, eventId: 'evt-2', status: 'delivered', errorCode: undefined };
    expect(toCarrierReceipts({ receipts: [valid, second] }).map((r) => [r.eventId, r.status])).toEqual([
      ['evt-1', 'undelivered'],
      ['evt-2', 'delivered'],
    ]);
    expect(toCarrierReceipts({ receipts: Array.from({ length: MAX_RECEIPTS_PER_CALLBACK }, (_, i) => ({ ...valid, eventId: `evt-${i}` })) })).toHaveLength(
      MAX_RECEIPTS_PER_CALLBACK,
    );
  });

  it("keeps a receipt's W3C traceparent and ignores one that is not (a new trace, never a refusal)", () => {
    const traceparent = '00-a1b2c3d4e5f60718293a4b5c6d7e8f90-1122334455667788-01';
    expect(toCarrierReceipt({ ...valid, traceparent }).traceparent).toBe(traceparent);
    for (const bad of ['00-00000000000000000000000000000000-1122334455667788-01', 'not-a-trace', 7, `${traceparent}-extra`]) {
      expect(toCarrierReceipt({ ...valid, traceparent: bad }).traceparent).toBeUndefined();
    }
  });

  it('refuses a whole batch for any bad receipt, naming each problem by its place', () => {
    const error = thrownBy(() => toCarrierReceipts({ receipts: [valid, { ...valid, status: 'read' }, 'evt-3', { ...valid, reference: 'x', occurredAt: 'soon' }] }));
    expect(error.code).toBe('INVALID_INPUT');
    expect(Object.keys(error.extensions.errors ?? {}).sort()).toEqual(['receipts[1].status', 'receipts[2]', 'receipts[3].occurredAt', 'receipts[3].reference']);
    expect(error.detail).toContain('receipts[1].status must be delivered or undelivered.');
  });

  it.each([
    ['not an array', { receipts: valid }],
    ['empty', { receipts: [] }],
    ['too many', { receipts: Array.from({ length: MAX_RECEIPTS_PER_CALLBACK + 1 }, () => valid) }],
    ['null', { receipts: null }],
  ])('refuses a receipts field that is %s', (_name, body) => {
    const error = thrownBy(() => toCarrierReceipts(body as Record<string, unknown>));
    expect(error.code).toBe('INVALID_INPUT');
    expect(Object.keys(error.extensions.errors ?? {})).toEqual(['receipts']);
  });
});
