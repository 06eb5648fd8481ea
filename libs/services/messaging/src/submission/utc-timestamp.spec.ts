import { parseUtcTimestamp } from './utc-timestamp';

describe('parseUtcTimestamp', () => {
  it.each([
    ['2026-01-31T09:00:00Z', '2026-01-31T09:00:00.000Z'],
    ['2026-01-31T09:00:00.5Z', '2026-01-31T09:00:00.500Z'],
    ['2026-01-31T09:00:00.123456789Z', '2026-01-31T09:00:00.123Z'],
    ['2028-02-29T23:59:59Z', '2028-02-29T23:59:59.000Z'],
    ['0050-06-01T00:00:00Z', '0050-06-01T00:00:00.000Z'],
  ])('parses %s', (input, iso) => {
    expect(parseUtcTimestamp(input)?.toISOString()).toBe(iso);
  });

  it.each([
    ['an offset', '2026-01-31T09:00:00+00:00'],
    ['no zone', '2026-01-31T09:00:00'],
    ['lowercase z', '2026-01-31T09:00:00z'],
    ['no seconds', '2026-01-31T09:00Z'],
    ['a date only', '2026-01-31'],
    ['a space separator', '2026-01-31 09:00:00Z'],
    ['February 29 of a common year', '2026-02-29T00:00:00Z'],
    ['month 13', '2026-13-01T00:00:00Z'],
    ['hour 24', '2026-01-31T24:00:00Z'],
    ['a leap second', '2026-12-31T23:59:60Z'],
    ['surrounding space', ' 2026-01-31T09:00:00Z'],
    ['epoch milliseconds', '1769850000000'],
  ])('refuses %s', (_name, input) => {
    expect(parseUtcTimestamp(input)).toBeUndefined();
  });
});
