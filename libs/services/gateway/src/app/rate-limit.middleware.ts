import { DomainError } from '@mp/problems';
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { gatewayDepsOf } from './gateway-deps';
import { isProviderCallbackPath } from './provider-callback-paths';

const WINDOW_MS = 60_000;

/** The store key of the credential a request presents (`Bearer …` or an API key), hashed: rate-limit keys never hold secrets. */
export function credentialKey(headers: Request['headers']): string | undefined {
  const raw = headers['authorization'] ?? headers['x-api-key'];
  if (typeof raw !== 'string' || raw === '') return undefined;
  return `cred:${createHash('sha256').update(raw).digest('base64url').slice(0, 22)}`;
}

/**
 * Per-IP and per-credential fixed windows. Refusals answer 429
 * RATE_LIMIT_EXCEEDED with `Retry-After` and `retryAfterSeconds`. Signed
 * provider callbacks neither count nor are refused (provider-callback-paths.ts).
 */
export function rateLimitMiddleware(req: Request, res: Response, next: NextFunction): void {
  if (isProviderCallbackPath(req.path)) return next();
  const { rateLimits, config } = gatewayDepsOf(req);
  const now = Date.now();
  const checks = [rateLimits.hit(`ip:${req.ip}`, config.RATE_LIMIT_PER_IP_PER_MINUTE, WINDOW_MS, now)];
  const credential = credentialKey(req.headers);
  if (credential) checks.push(rateLimits.hit(credential, config.RATE_LIMIT_PER_CREDENTIAL_PER_MINUTE, WINDOW_MS, now));
  Promise.all(checks).then(
    (decisions) => {
      const refused = decisions.filter((d) => !d.allowed);
      if (refused.length === 0) return next();
      const retryAfterSeconds = Math.max(...refused.map((d) => d.retryAfterSeconds));
      res.setHeader('Retry-After', String(retryAfterSeconds));
      next(new DomainError('RATE_LIMIT_EXCEEDED', 'Too many requests; slow down.', { retryAfterSeconds }));
    },
    (error: unknown) => {
      // Not expected (the Redis store fails open by itself); still, never refuse a request because counting failed.
      gatewayDepsOf(req).logger.warn('rate limit store unavailable', { error });
      next();
    },
  );
}
