import * as rules from './index';

describe('rules index', () => {
  it('re-exports the public functions and constants', () => {
    expect(Object.keys(rules).sort()).toEqual(
      [
        'CHANNELS',
        'DEFAULT_PRICE_TABLE',
        'MAX_CLIENT_REFERENCE_LENGTH',
        'calculateSegments',
        'estimateCost',
        'normalizeClientReference',
        'parsePriceTable',
      ].sort(),
    );
  });

  it('re-exports working functions, not stubs', () => {
    expect(rules.calculateSegments('hi').segmentCount).toBe(1);
    expect(rules.normalizeClientReference(' x ')).toEqual({ ok: true, value: 'x' });
    expect(rules.estimateCost(rules.DEFAULT_PRICE_TABLE, 'Sms', '+14155550123', 1)).toBe(0.0079);
  });
});
