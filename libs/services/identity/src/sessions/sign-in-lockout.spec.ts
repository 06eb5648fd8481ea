import { afterFailure, lockedUntil, secondsUntil, type SignInFailures } from './sign-in-lockout';

const policy = { threshold: 3, windowSeconds: 600, lockSeconds: 900 };
const t0 = new Date('2026-01-01T00:00:00.000Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

function failTimes(times: number[]): { record: SignInFailures | undefined; locks: boolean[] } {
  let record: SignInFailures | undefined;
  const locks: boolean[] = [];
  for (const s of times) {
    const next = afterFailure(record, at(s), policy);
    record = next.record;
    locks.push(next.lockedNow);
  }
  return { record, locks };
}

describe('sign-in lockout rule', () => {
  it('locks at the threshold within the window, for lockSeconds, and says so once', () => {
    const { record, locks } = failTimes([0, 10, 20]);
    expect(locks).toEqual([false, false, true]);
    expect(record).toEqual({ failures: 3, windowStartedAt: t0, lockedUntil: at(920) });
    expect(lockedUntil(record, at(21))).toEqual(at(920));
    expect(secondsUntil(at(920), at(21))).toBe(899);
    expect(lockedUntil(record, at(920))).toBeUndefined();
  });

  it('starts counting again when the window has passed', () => {
    const { record, locks } = failTimes([0, 10, 600]);
    expect(locks).toEqual([false, false, false]);
    expect(record).toEqual({ failures: 1, windowStartedAt: at(600), lockedUntil: null });
  });

  it('starts counting again once a lock has run out', () => {
    const { record, locks } = failTimes([0, 1, 2, 1000, 1001]);
    expect(locks).toEqual([false, false, true, false, false]);
    expect(record).toEqual({ failures: 2, windowStartedAt: at(1000), lockedUntil: null });
    expect(lockedUntil(record, at(1002))).toBeUndefined();
  });

  it('is not locked without a record, and rounds the wait up to whole seconds', () => {
    expect(lockedUntil(undefined, t0)).toBeUndefined();
    expect(secondsUntil(new Date(t0.getTime() + 1500), t0)).toBe(2);
    expect(secondsUntil(t0, t0)).toBe(1);
  });
});
