import { histogram, METRICS_CONTENT_TYPE, renderMetrics } from '@mp/telemetry';
import type { NextFunction, Request, Response } from 'express';
import { routeTemplateOf } from './route-template';

/** Request rate, errors (by status) and latency per route: one histogram, its _count is the request counter. */
const requestDuration = histogram('http_server_request_duration_seconds', 'HTTP requests the gateway answered, by route template, method and status', [
  'method',
  'route',
  'status_code',
]);

/**
 * Times every request and labels it with the route template that answered it
 * (`/v1/accounts/:accountId/messages`), never the raw path: ids would make a
 * series per account. Requests no route matched count under `unmatched`.
 */
export function httpMetricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const stop = requestDuration.startTimer();
  res.once('finish', () => {
    stop({ method: req.method, route: routeTemplateOf(req) ?? 'unmatched', status_code: res.statusCode });
  });
  next();
}

/** GET /metrics: the process's Prometheus registry (the all-in-one process serves every hosted service's metrics here). */
export function metricsEndpoint(_req: Request, res: Response, next: NextFunction): void {
  renderMetrics().then((text) => {
    res.setHeader('content-type', METRICS_CONTENT_TYPE);
    res.end(text);
  }, next);
}
