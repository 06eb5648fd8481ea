import { DomainError, echo, PROBLEM_MEDIA_TYPE, toProblemDetails } from '@mp/problems';
import { ValidateError } from '@tsoa/runtime';
import type { NextFunction, Request, Response } from 'express';
import { gatewayDepsOf } from './gateway-deps';
import { validationProblem } from './validation-problem';

/** Unknown routes are problems too. */
export function notFoundHandler(req: Request, _res: Response, next: NextFunction): void {
  next(new DomainError('NOT_FOUND', `No route for ${req.method} ${echo(req.path, 256)}.`));
}

/** The one place an error becomes an HTTP answer (spec 2.8, DECISIONS "Errors"). */
export function problemHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  const { config, logger } = gatewayDepsOf(req);
  let domain: unknown = error;
  if (error instanceof ValidateError) domain = validationProblem(error, req.body === undefined);
  if (!(domain instanceof DomainError)) logger.error('unhandled error', { error, method: req.method, path: req.path });
  const body = toProblemDetails(domain, {
    baseUrl: config.PUBLIC_BASE_URL,
    instance: echo(req.originalUrl.split('?')[0], 1024),
    traceId: (res.locals.traceId as string | undefined) ?? 'unknown',
  });
  if (body.retryAfterSeconds !== undefined && !res.getHeader('Retry-After')) res.setHeader('Retry-After', String(body.retryAfterSeconds));
  res.status(body.status).type(PROBLEM_MEDIA_TYPE).send(JSON.stringify(body));
}
