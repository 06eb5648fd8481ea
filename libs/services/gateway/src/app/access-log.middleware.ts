import type { Principal } from '@mp/grpc';
import { inActiveContext, type Logger } from '@mp/telemetry';
import type { NextFunction, Request, Response } from 'express';
import { isProviderCallbackPath } from './provider-callback-paths';
import { routeTemplateOf } from './route-template';

/** Probes answer every few seconds from each kubelet: at debug, so info shows traffic. */
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * One line per request when it ends: method, route template (the raw path only
 * when no route matched), status, duration, who called and the request's
 * trace (`trace_id`, as the answer's X-Trace-Id). Never a body, a query
 * string or a header. Mounted after the trace middleware, whose span it reads.
 */
export function accessLogMiddleware(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once(
      'close',
      inActiveContext(() => {
        const route = routeTemplateOf(req);
        const fields: Record<string, unknown> = {
          method: req.method,
          route: route ?? 'unmatched',
          ...(route ? {} : { path: req.path }),
          status: res.statusCode,
          duration_ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
          ...callerKind(req),
          ip: req.ip,
        };
        // A client that went away before the answer was written.
        if (!res.writableFinished) fields.aborted = true;
        const line = `${req.method} ${route ?? req.path} ${res.statusCode}`;
        if (PROBES.has(req.path)) logger.debug(line, fields);
        else logger.info(line, fields);
      }),
    );
    next();
  };
}

/**
 * Who called, as the gateway knows it: the principal authentication put on
 * the request, or the credential presented and refused, a provider's signed
 * callback, or nobody.
 */
function callerKind(req: Request): { caller_kind: string; account_id?: string; authenticated?: false } {
  if (isProviderCallbackPath(req.path)) return { caller_kind: 'provider_callback' };
  const principal = (req as Request & { user?: Principal }).user;
  if (principal) return { caller_kind: kindOf(principal.kind), ...(principal.accountId ? { account_id: principal.accountId } : {}) };
  if (req.headers.authorization) return { caller_kind: 'user_session', authenticated: false };
  if (req.headers['x-api-key']) return { caller_kind: 'api_key', authenticated: false };
  return { caller_kind: 'anonymous' };
}

function kindOf(kind: Principal['kind']): string {
  return kind === 'user' ? 'user_session' : kind;
}
