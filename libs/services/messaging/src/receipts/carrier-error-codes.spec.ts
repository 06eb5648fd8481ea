import { nonDeliveryReason, refusalReason, UNKNOWN_NON_DELIVERY_REASON, UNKNOWN_REFUSAL_REASON } from './carrier-error-codes';

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

describe('refusalReason', () => {
  it.each([
    ['DESTINATION_REFUSED', 'destination refused by carrier'],
    ['21211', 'invalid destination'],
    ['21610', 'recipient unsubscribed at the carrier'],
    ['ESME_RINVDSTADR', 'invalid destination'],
    ['ESME_RINVSRCADR', 'sender refused by carrier'],
    ['ESME_RSUBMITFAIL', 'carrier refused the message'],
    ['21612', 'destination not reachable by SMS'],
    ['TEMPLATE_REQUIRED', 'outside the WhatsApp customer service window'],
    ['131026', 'recipient not reachable on WhatsApp'],
    ['131048', 'carrier filtering'],
    ['368', 'carrier account suspended'],
  ])('%s -> %s', (code, reason) => {
    expect(refusalReason(code)).toBe(reason);
  });

  it.each([undefined, '', 'blocked', 'constructor'])('unknown %p -> the generic reason', (code) => {
    expect(refusalReason(code)).toBe(UNKNOWN_REFUSAL_REASON);
    expect(UNKNOWN_REFUSAL_REASON).toBe('carrier refused the message');
  });
});
