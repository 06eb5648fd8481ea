import { DomainError } from '@mp/problems';
import { createHash } from 'node:crypto';
import type { RateLimitStore } from './rate-limit-store';

const WINDOW_MS = 60_000;

/**
 * Anonymous sign-in steps: each guesses a secret (password, second factor,
 * bearer token of a mail). Listed by path so a route added later is covered by
 * adding its path here, not by touching its controller.
 */
export const SIGN_IN_PATHS: readonly string[] = [
  '/v1/auth/login',
  '/v1/auth/login/mfa',
  '/v1/auth/login/mfa/enroll/setup',
  '/v1/auth/login/mfa/enroll/confirm',
  '/v1/auth/login/mfa/webauthn/options',
  '/v1/auth/external-login',
  '/v1/auth/token/refresh',
  '/v1/register',
  '/v1/auth/verify-email',
  '/v1/auth/accept-invitation',
];

/** Signed-in routes that send or check a one-time code: throttled per user. */
export const CODE_PATHS: readonly string[] = [
  '/v1/email-otp/issue',
  '/v1/email-otp/verify',
  '/v1/auth/mfa/step-up',
  '/v1/auth/mfa/step-up/webauthn/options',
  '/v1/auth/mfa/totp/confirm',
];

/**
 * What names "the account" an anonymous step is about, first match wins: the
 * address for login and register, else the token of the step (mfaToken,
 * enrollmentToken, refreshToken, a mailed token).
 */
const ACCOUNT_FIELDS = ['email', 'mfaToken', 'enrollmentToken', 'refreshToken', 'token'] as const;

export type ThrottledRoute = 'sign-in' | 'code';

export interface SignInLimits {
  perIpPerMinute: number;
  perAccountPerMinute: number;
}

/** Keys never hold an address or a secret: only a short digest of it. */
function digest(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('base64url').slice(0, 22);
}

function normalisePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * The stricter limiter of the routes where a caller guesses secrets, on top of
 * the general per-IP limit: per client address (429 IP_THROTTLED) and per
 * account (429 RATE_LIMITED), both in fixed one-minute windows.
 */
export class SignInThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly limits: SignInLimits,
  ) {}

  /** Which throttled route a request is, if any (only POSTs are). */
  routeOf(method: string, path: string): ThrottledRoute | undefined {
    if (method !== 'POST') return undefined;
    const p = normalisePath(path);
    if (SIGN_IN_PATHS.includes(p)) return 'sign-in';
    if (CODE_PATHS.includes(p)) return 'code';
    return undefined;
  }

  /** The account an anonymous sign-in body names; emails compared as identity stores them. */
  static accountOfBody(body: unknown): string | undefined {
    if (typeof body !== 'object' || body === null) return undefined;
    const fields = body as Record<string, unknown>;
    for (const name of ACCOUNT_FIELDS) {
      const value = fields[name];
      if (typeof value !== 'string' || value.trim() === '') continue;
      return `${name}:${name === 'email' ? value.trim().toLowerCase() : value}`;
    }
    return undefined;
  }

  /**
   * Counts one attempt and throws when it is over a limit. The address is
   * checked first and a refused address does not count against the account,
   * so a throttled attacker cannot also keep its victim's account throttled.
   */
  async check(input: { ip: string; account?: string }, now: number): Promise<void> {
    const byIp = await this.store.hit(`signin:ip:${input.ip}`, this.limits.perIpPerMinute, WINDOW_MS, now);
    if (!byIp.allowed) {
      throw new DomainError('IP_THROTTLED', 'Too many sign-in attempts from this address; try again later.', {
        retryAfterSeconds: byIp.retryAfterSeconds,
      });
    }
    if (input.account === undefined) return;
    const byAccount = await this.store.hit(`signin:acct:${digest(input.account)}`, this.limits.perAccountPerMinute, WINDOW_MS, now);
    if (!byAccount.allowed) {
      throw new DomainError('RATE_LIMITED', 'Too many attempts for this account; try again later.', {
        retryAfterSeconds: byAccount.retryAfterSeconds,
      });
    }
  }
}
