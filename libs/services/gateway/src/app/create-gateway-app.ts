import { traceHttpRequests } from '@mp/telemetry';
import express, { type Express } from 'express';
import generatedOpenApi from '../generated/openapi.json';
import { RegisterRoutes } from '../generated/routes';
import { accessLogMiddleware } from './access-log.middleware';
import { bodyParserErrorMapper, jsonBodyParser, rawBodyParser } from './body-parsing';
import { nameArrayElementsByTheirPath } from './array-element-paths';
import { countStringLengthsInCodePoints } from './code-point-lengths';
import { csvUpload, MULTIPART_PATHS } from './csv-upload';
import type { GatewayDeps } from './gateway-deps';
import { httpMetricsMiddleware, metricsEndpoint } from './metrics.middleware';
import { notFoundHandler, problemHandler } from './problem.middleware';
import { isProviderCallbackPath } from './provider-callback-paths';
import { rateLimitMiddleware } from './rate-limit.middleware';
import { securityHeaders } from './security-headers';
import { signInThrottleMiddleware } from './sign-in-throttle.middleware';
import { guardPathParameters, storableTextMiddleware } from './storable-text';

/** The gateway's HTTP pipeline. No business rules here: services decide. */
export function createGatewayApp(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  if (deps.config.TRUST_PROXY) app.set('trust proxy', deps.config.TRUST_PROXY);
  app.locals.gatewayDeps = deps;
  // First, so every answer has them: problems, 404s, a draining gateway's 503s.
  app.use(securityHeaders());

  // Scraped by Prometheus: before tracing, rate limits and metrics of its own.
  app.get('/metrics', metricsEndpoint);
  if (deps.lifecycle) app.use(deps.lifecycle.middleware());
  app.use(traceHttpRequests);
  app.use(accessLogMiddleware(deps.logger));
  app.use(httpMetricsMiddleware);
  app.use(rateLimitMiddleware);
  app.use((req, res, next) => {
    // Provider callbacks are signed over their raw bytes.
    if (isProviderCallbackPath(req.path)) return rawBodyParser(req, res, next);
    // CSV imports: multer reads the multipart body in the route, after authentication.
    if (MULTIPART_PATHS.some((p) => p.test(req.path))) return next();
    return jsonBodyParser(req, res, next);
  });
  app.use(bodyParserErrorMapper);
  app.use(storableTextMiddleware);
  guardPathParameters(app, Object.keys(generatedOpenApi.paths));
  app.use(signInThrottleMiddleware(deps));
  countStringLengthsInCodePoints();
  nameArrayElementsByTheirPath();
  RegisterRoutes(app, { multer: csvUpload() });
  app.use(notFoundHandler);
  app.use(problemHandler);
  return app;
}
