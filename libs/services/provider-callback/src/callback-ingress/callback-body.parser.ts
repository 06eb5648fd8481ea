import { DomainError } from '@mp/problems';
import express, { type NextFunction, type Request, type Response } from 'express';

/** The gateway's body limit (its body-parsing.ts), so a callback too large there is too large here. */
export const CALLBACK_BODY_LIMIT = '1mb';

/** Callbacks are verified over their exact bytes: the body stays a Buffer whatever its media type. */
export const rawCallbackBody = express.raw({ type: () => true, limit: CALLBACK_BODY_LIMIT });

/** body-parser's refusals as the gateway words them. */
export function callbackBodyErrors(error: unknown, _req: Request, _res: Response, next: NextFunction): void {
  const type = (error as { type?: string } | undefined)?.type;
  if (type === 'entity.too.large') return next(new DomainError('PAYLOAD_TOO_LARGE', `The body is larger than ${CALLBACK_BODY_LIMIT}.`));
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return next(new DomainError('UNSUPPORTED_MEDIA_TYPE', 'The body must be UTF-8 JSON.'));
  }
  if (type === 'request.aborted' || type === 'request.size.invalid') return next(new DomainError('INVALID_REQUEST', 'The body was not received whole.'));
  next(error);
}
