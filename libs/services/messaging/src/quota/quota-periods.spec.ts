import { periodEnd, periodStart, secondsUntilReset } from './quota-periods';

describe('quota periods (UTC day and month)', () => {
  const now = new Date('2026-02-28T23:59:30.250Z');

  it('starts the day and the month at UTC midnight', () => {
    expect(periodStart('day', now).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(periodStart('month', now).toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('ends them at the next UTC midnight and the first of the next month, across a year end', () => {
    expect(periodEnd('day', now).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(periodEnd('month', now).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(periodEnd('month', new Date('2026-12-15T10:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('rounds the wait up to whole seconds and never answers zero', () => {
    expect(secondsUntilReset('day', now)).toBe(30);
    expect(secondsUntilReset('day', new Date('2026-03-01T00:00:00.000Z'))).toBe(86400);
    expect(secondsUntilReset('month', new Date('2026-03-31T23:59:59.999Z'))).toBe(1);
  });
});
