import { currentTraceId, SpanKind, withSpan } from '@mp/telemetry';
import type { NextFunction, Request, Response } from 'express';

/**
 * Every request runs in a span (continuing an incoming `traceparent`); its
 * trace id is answered in `X-Trace-Id` and in every problem body, and travels
 * on to gRPC calls and events.
 */
export function traceMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.headers['traceparent'];
  void withSpan(
    `${req.method} ${req.path}`,
    { traceparent: typeof incoming === 'string' ? incoming : undefined, kind: SpanKind.SERVER },
    () =>
      new Promise<void>((resolve) => {
        res.locals.traceId = currentTraceId();
        res.setHeader('X-Trace-Id', res.locals.traceId);
        res.once('finish', resolve);
        res.once('close', resolve);
        next();
      }),
  );
}
