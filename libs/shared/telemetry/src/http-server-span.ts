import type { IncomingMessage, ServerResponse } from 'node:http';
import { SpanKind } from '@opentelemetry/api';
import { currentTraceId, withSpan } from './tracing';

/** What the middleware needs of an express request and response (typed here without express). */
type TracedRequest = IncomingMessage & { method: string; path: string };
type TracedResponse = ServerResponse & { locals: Record<string, unknown> };

/**
 * Express middleware of every HTTP entry (the gateway, provider-callback's
 * callback ingress): each request runs in a server span continuing an incoming
 * `traceparent`; its trace id is answered in `X-Trace-Id`, kept in
 * `res.locals.traceId` for problem bodies, and travels on to gRPC calls and events.
 */
export function traceHttpRequests(req: TracedRequest, res: TracedResponse, next: () => void): void {
  const incoming = req.headers['traceparent'];
  void withSpan(
    `${req.method} ${req.path}`,
    { traceparent: typeof incoming === 'string' ? incoming : undefined, kind: SpanKind.SERVER },
    () =>
      new Promise<void>((resolve) => {
        const traceId = currentTraceId();
        res.locals.traceId = traceId;
        res.setHeader('X-Trace-Id', traceId);
        res.once('finish', resolve);
        res.once('close', resolve);
        next();
      }),
  );
}
