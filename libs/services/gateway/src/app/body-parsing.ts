import { DomainError } from '@mp/problems';
import express, { type NextFunction, type Request, type Response } from 'express';

export const BODY_LIMIT = '1mb';

/** Provider callbacks are verified over their exact bytes, so they keep the raw body. */
export const rawBodyParser = express.raw({ type: () => true, limit: BODY_LIMIT });

const jsonParser = express.json({ limit: BODY_LIMIT, strict: false, type: () => true });

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * JSON bodies: a missing body is `undefined` (so a required body answers
 * BODY_REQUIRED), a body that is not JSON answers INVALID_JSON, and a body
 * sent as another media type answers UNSUPPORTED_MEDIA_TYPE.
 */
export function jsonBodyParser(req: Request, res: Response, next: NextFunction): void {
  if (!hasBody(req)) {
    req.body = undefined;
    return next();
  }
  const type = req.headers['content-type'];
  if (type !== undefined && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    return next(new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.'));
  }
  jsonParser(req, res, next);
}

/** body-parser's errors as problems: too large, not JSON, bad encoding. */
export function bodyParserErrorMapper(error: unknown, _req: Request, _res: Response, next: NextFunction): void {
  const type = (error as { type?: string } | undefined)?.type;
  if (type === 'entity.too.large') return next(new DomainError('PAYLOAD_TOO_LARGE', `The body is larger than ${BODY_LIMIT}.`));
  if (type === 'entity.parse.failed') return next(new DomainError('INVALID_JSON', 'The body is not valid JSON.'));
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return next(new DomainError('UNSUPPORTED_MEDIA_TYPE', 'The body must be UTF-8 JSON.'));
  }
  if (type === 'request.aborted' || type === 'request.size.invalid') return next(new DomainError('INVALID_REQUEST', 'The body was not received whole.'));
  next(error);
}
