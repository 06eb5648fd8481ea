/**
 * The sign-in lockout rule: `threshold` consecutive wrong passwords within
 * `windowSeconds` lock sign-in for `lockSeconds`. Pure, over the stored
 * record of one address and the clock, so the rule is tested on its own.
 */
export interface SignInLockoutPolicy {
  threshold: number;
  windowSeconds: number;
  lockSeconds: number;
}

/** Failed passwords for one address (hashed): what is stored. */
export interface SignInFailures {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

/** When sign-in is locked at `now`, the lock's end; otherwise undefined. */
export function lockedUntil(record: SignInFailures | undefined, now: Date): Date | undefined {
  return record?.lockedUntil && record.lockedUntil.getTime() > now.getTime() ? record.lockedUntil : undefined;
}

/**
 * The record after one more wrong password. A count whose window has passed,
 * or whose lock has run out, starts again at one; `lockedNow` is true only for
 * the failure that sets a lock (so the owner is told once per lock).
 */
export function afterFailure(
  record: SignInFailures | undefined,
  now: Date,
  policy: SignInLockoutPolicy,
): { record: SignInFailures; lockedNow: boolean } {
  const windowOver = !record || now.getTime() - record.windowStartedAt.getTime() >= policy.windowSeconds * 1000;
  const lockOver = record?.lockedUntil != null && record.lockedUntil.getTime() <= now.getTime();
  const failures = windowOver || lockOver ? 1 : record.failures + 1;
  const windowStartedAt = windowOver || lockOver ? now : record.windowStartedAt;
  if (failures >= policy.threshold) {
    return { record: { failures, windowStartedAt, lockedUntil: new Date(now.getTime() + policy.lockSeconds * 1000) }, lockedNow: true };
  }
  return { record: { failures, windowStartedAt, lockedUntil: null }, lockedNow: false };
}

/** Whole seconds until the lock ends, at least 1 (for `retryAfterSeconds`). */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}
