import { parseCalendarDate, parseTimestamp } from './timestamp';

describe('parseTimestamp (ISO-8601 with offset)', () => {
  it.each([
    ['2026-01-31T09:00:00Z', '2026-01-31T09:00:00.000Z'],
    ['2026-01-31T09:00:00.5Z', '2026-01-31T09:00:00.500Z'],
    ['2026-01-31T09:00:00.123456789Z', '2026-01-31T09:00:00.123Z'],
    ['2026-01-31T10:00:00+01:00', '2026-01-31T09:00:00.000Z'],
    ['2026-01-31T04:30:00-04:30', '2026-01-31T09:00:00.000Z'],
    ['2026-01-01T00:30:00+01:00', '2025-12-31T23:30:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
  ])('reads %s as %s', (raw, instant) => {
    expect(parseTimestamp(raw)?.toISOString()).toBe(instant);
  });

  it.each([
    ['no offset', '2026-01-31T09:00:00'],
    ['a date only', '2026-01-31'],
    ['no seconds', '2026-01-31T09:00Z'],
    ['a lowercase designator', '2026-01-31t09:00:00z'],
    ['a basic-format offset', '2026-01-31T09:00:00+0100'],
    ['an hour-only offset', '2026-01-31T09:00:00+01'],
    ['February 30', '2026-02-30T09:00:00Z'],
    ['February 29 of a common year', '2026-02-29T09:00:00Z'],
    ['hour 24', '2026-01-31T24:00:00Z'],
    ['minute 60', '2026-01-31T09:60:00Z'],
    ['an offset minute 60', '2026-01-31T09:00:00+01:60'],
    ['surrounding space', ' 2026-01-31T09:00:00Z'],
    ['words', 'yesterday'],
    ['empty', ''],
  ])('refuses %s', (_name, raw) => {
    expect(parseTimestamp(raw)).toBeUndefined();
  });
});

describe('parseCalendarDate', () => {
  it('reads a date as the start of that day in UTC', () => {
    expect(parseCalendarDate('2026-03-01')?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(parseCalendarDate('0099-03-01')?.toISOString()).toBe('0099-03-01T00:00:00.000Z');
  });
  it.each(['2026-02-30', '2026-3-1', '2026-03-01T00:00:00Z', ''])('refuses %p', (raw) => {
    expect(parseCalendarDate(raw)).toBeUndefined();
  });
});
