import { nonDeliveryReason, UNKNOWN_NON_DELIVERY_REASON } from './carrier-error-codes';

describe('nonDeliveryReason', () => {
  it.each([
    ['30003', 'unreachable handset'],
    ['30005', 'unknown destination'],
    ['30006', 'landline or unreachable carrier'],
    ['30007', 'carrier filtering'],
    [' 30003 ', 'unreachable handset'],
  ])('%s -> %s', (code, reason) => {
    expect(nonDeliveryReason(code)).toBe(reason);
  });

  it.each([undefined, '', '99999', 'toString', '__proto__'])('unknown %p -> the generic reason', (code) => {
    expect(nonDeliveryReason(code)).toBe(UNKNOWN_NON_DELIVERY_REASON);
    expect(UNKNOWN_NON_DELIVERY_REASON).toBe('carrier reported non-delivery');
  });
});
