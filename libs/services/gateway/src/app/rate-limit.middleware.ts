import { DomainError } from '@mp/problems';
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { gatewayDepsOf } from './gateway-deps';
import { isProviderCallbackPath } from './provider-callback-paths';
import { closestToRefusing, setRateLimitHeaders } from './rate-limit-headers';

const WINDOW_MS = 60_000;

/** The store key of the credential a request presents (`Bearer …` or an API key), hashed: rate-limit keys never hold secrets. */
export function credentialKey(headers: Request['headers']): string | undefined {
  const raw = headers['authorization'] ?? headers['x-api-key'];
  if (typeof raw !== 'string' || raw === '') return undefined;
  return `cred:${createHash('sha256').update(raw).digest('base64url').slice(0, 22)}`;
}

/**
 * Per-IP and per-credential fixed windows. Every answer carries the
 * `RateLimit-*` headers of the policy closest to refusing; refusals answer 429
 * RATE_LIMIT_EXCEEDED with `Retry-After` and `retryAfterSeconds`. Signed
 * provider callbacks neither count nor are refused (provider-callback-paths.ts).
 */
export function rateLimitMiddleware(req: Request, res: Response, next: NextFunction): void {
  if (isProviderCallbackPath(req.path)) return next();
  const { rateLimits, config } = gatewayDepsOf(req);
  const now = Date.now();
  const check = (key: string, limit: number) =>
    rateLimits.hit(key, limit, WINDOW_MS, now).then((d) => ({ allowed: d.allowed, limit, remaining: d.remaining, resetSeconds: d.retryAfterSeconds }));
  const checks = [check(`ip:${req.ip}`, config.RATE_LIMIT_PER_IP_PER_MINUTE)];
  const credential = credentialKey(req.headers);
  if (credential) checks.push(check(credential, config.RATE_LIMIT_PER_CREDENTIAL_PER_MINUTE));
  Promise.all(checks).then(
    (states) => {
      const reported = closestToRefusing(states);
      setRateLimitHeaders(res, reported);
      if (reported.allowed) return next();
      // The problem handler sets `Retry-After` from it.
      next(new DomainError('RATE_LIMIT_EXCEEDED', 'Too many requests; slow down.', { retryAfterSeconds: reported.resetSeconds }));
    },
    (error: unknown) => {
      // Not expected (the Redis store fails open by itself); still, never refuse a request because counting failed.
      gatewayDepsOf(req).logger.warn('rate limit store unavailable', { error });
      next();
    },
  );
}
