import { parseIsoTimestamp } from './iso-timestamp';

describe('parseIsoTimestamp', () => {
  it.each([
    ['2025-03-01', '2025-03-01T00:00:00.000Z'],
    ['2025-03-01T10:15', '2025-03-01T10:15:00.000Z'],
    ['2025-03-01T10:15:30Z', '2025-03-01T10:15:30.000Z'],
    ['2025-03-01T10:15:30.250Z', '2025-03-01T10:15:30.250Z'],
    ['2025-03-01T10:15:30+02:00', '2025-03-01T08:15:30.000Z'],
    ['2025-03-01T10:15:30-0500', '2025-03-01T15:15:30.000Z'],
    ['2025-03-01T10:15:30', '2025-03-01T10:15:30.000Z'],
  ])('reads %s', (raw, expected) => {
    expect(parseIsoTimestamp(raw)?.toISOString()).toBe(expected);
  });

  it.each(['', 'yesterday', '2025-02-30', '2025-13-01', '2025-03-01T24:00:00Z', '1709287200', '03/01/2025', '2025-03-01 10:00'])(
    'refuses %p',
    (raw) => {
      expect(parseIsoTimestamp(raw)).toBeUndefined();
    },
  );
});
