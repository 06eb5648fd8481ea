import { isDomainError } from '@mp/problems';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { presentedCredential } from '../auth/credential-resolver';
import { SignInThrottle } from '../rate-limit/sign-in-throttle';
import type { GatewayDeps } from './gateway-deps';
import { setRateLimitHeaders } from './rate-limit-headers';

/**
 * Sign-in and code routes (SignInThrottle): runs after body parsing, since the
 * account of an anonymous step is named in its body. Refusals answer 429 with
 * `Retry-After` and `retryAfterSeconds`; windows follow the platform clock.
 */
export function signInThrottleMiddleware(deps: GatewayDeps): RequestHandler {
  const throttle = new SignInThrottle(deps.rateLimits, {
    perIpPerMinute: deps.config.SIGN_IN_LIMIT_PER_IP_PER_MINUTE,
    perAccountPerMinute: deps.config.SIGN_IN_LIMIT_PER_ACCOUNT_PER_MINUTE,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const route = throttle.routeOf(req.method, req.path);
    if (!route) return next();
    const account = route === 'sign-in' ? Promise.resolve(SignInThrottle.accountOfBody(req.body)) : signedInUser(deps, req);
    account
      .then((acct) => throttle.check({ ip: req.ip ?? 'unknown', account: acct }, deps.clock.now().getTime()))
      .then(
        () => next(),
        (error: unknown) => {
          // The problem handler adds `Retry-After` from `retryAfterSeconds`; the RateLimit headers name the policy that refused.
          if (isDomainError(error)) {
            const limit = error.code === 'IP_THROTTLED' ? deps.config.SIGN_IN_LIMIT_PER_IP_PER_MINUTE : deps.config.SIGN_IN_LIMIT_PER_ACCOUNT_PER_MINUTE;
            setRateLimitHeaders(res, { limit, remaining: 0, resetSeconds: Number(error.extensions?.retryAfterSeconds ?? 0) });
            return next(error);
          }
          // A rate-limit store outage must not take sign-in down: let the request through.
          deps.logger.warn('sign-in throttle store unavailable', { error });
          next();
        },
      );
  };
}

/**
 * The user a code route is for, from a token whose signature checks out: a
 * forged token must not spend a real user's attempts. Anything else counts
 * per address only (and fails authentication right after).
 */
async function signedInUser(deps: GatewayDeps, req: Request): Promise<string | undefined> {
  try {
    const credential = presentedCredential(req.headers);
    if (credential?.scheme !== 'bearer') return undefined;
    return `user:${await deps.credentials.verifiedUserId(credential.value)}`;
  } catch {
    return undefined;
  }
}
