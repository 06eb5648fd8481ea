import { isSubscriptionActive } from './subscription';

describe('isSubscriptionActive', () => {
  it.each([
    ['trialing', true],
    ['active', true],
    ['past_due', false],
    ['canceled', false],
    ['', false],
  ])('%s -> %s', (status, expected) => {
    expect(isSubscriptionActive(status)).toBe(expected);
  });
});
