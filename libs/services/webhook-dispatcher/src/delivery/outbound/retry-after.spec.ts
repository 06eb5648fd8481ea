import { retryAfterSeconds } from './retry-after';

const now = Date.parse('2025-11-20T12:00:00Z');

describe('retryAfterSeconds', () => {
  it.each([
    ['7', 7],
    ['0', 0],
    [' 120 ', 120],
    ['Thu, 20 Nov 2025 12:00:30 GMT', 30],
    // Part of a second still to wait counts as a whole one.
    ['Thu, 20 Nov 2025 12:00:00 GMT', 0],
    ['Thursday, 20-Nov-25 12:01:00 GMT', 60],
    ['Thu Nov 20 12:00:05 2025', 5],
    ['Wed, 19 Nov 2025 12:00:00 GMT', 0],
  ])('%j is %d seconds', (value, seconds) => expect(retryAfterSeconds(value, now)).toBe(seconds));

  it.each([undefined, '', '-5', '1.5', 'soon', '2025-11-21'])('%j is none', (value) => expect(retryAfterSeconds(value, now)).toBeUndefined());

  it('counts from a date a fraction of a second ahead as one second', () => {
    expect(retryAfterSeconds('Thu, 20 Nov 2025 12:00:01 GMT', now + 200)).toBe(1);
  });
});
