import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The headers a JSON API behind TLS sends on every answer (OWASP REST
 * Security Cheat Sheet), via helmet: nothing it answers is a page to render,
 * frame or sniff, so the CSP allows nothing (`default-src 'none'`,
 * `frame-ancestors 'none'`), X-Frame-Options DENY, `nosniff`, HSTS for a
 * year (browsers ignore it over plain HTTP, as on a laptop), no referrer, and
 * `Cache-Control: no-store`: answers carry tokens and account data that no
 * shared cache may keep. CORS-mode fetches are unaffected by
 * Cross-Origin-Resource-Policy.
 */
export function securityHeaders(): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    frameguard: { action: 'deny' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
  });
  return (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    headers(req, res, next);
  };
}
