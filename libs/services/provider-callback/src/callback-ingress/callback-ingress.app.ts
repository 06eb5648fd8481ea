import { CARRIER_SIGNATURE_HEADERS } from '@mp/contracts';
import { DomainError, echo, PROBLEM_MEDIA_TYPE, toProblemDetails } from '@mp/problems';
import { traceHttpRequests, type Logger } from '@mp/telemetry';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { CarrierCallbackHandler } from '../connection-callbacks/handle-carrier-callback.usecase';
import type { IngestCallbackInput } from '../ingest/ingest-callback.usecase';
import { callbackBodyErrors, rawCallbackBody } from './callback-body.parser';

export type Ingest = (input: IngestCallbackInput) => Promise<unknown>;

/**
 * The callback paths of spec 4.6 served by provider-callback itself, so a
 * flood of carrier receipts never queues behind customer traffic in the
 * gateway. Same paths, signature checks and answers as the gateway's
 * provider-callbacks controller and problem middleware: 200 `{received:true}`,
 * problem details otherwise, `X-Trace-Id` on every answer.
 */
export function createCallbackIngressApp(deps: { ingest: Ingest; carrierCallback: CarrierCallbackHandler; publicBaseUrl: string; logger: Logger }): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(traceHttpRequests);
  app.use(refuseUndecodablePath);

  const receive = (provider: (req: Request) => string, kind: (req: Request) => string) => (req: Request, res: Response, next: NextFunction) => {
    const signature = req.headers['x-signature'];
    deps
      .ingest({
        provider: provider(req),
        kind: kind(req),
        rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        signature: typeof signature === 'string' ? signature : '',
      })
      .then(() => res.status(200).json({ received: true }), next);
  };
  const carrier = (route: (req: Request) => string) => (req: Request, res: Response, next: NextFunction) => {
    deps
      .carrierCallback({
        carrier: req.params.carrier,
        route: route(req),
        method: req.method,
        rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        query: queryOf(req),
        signatures: signaturesOf(req),
      })
      .then((answer) => {
        if (answer.body === undefined) res.status(200).json({ received: true });
        else res.status(200).type(answer.contentType ?? 'text/plain').send(answer.body);
      }, next);
  };
  // In the gateway's order: the carriers' paths, `stripe/connect`, then the one-segment providers.
  app.get('/v1/webhooks/carriers/:carrier', carrier(() => ''));
  app.post('/v1/webhooks/carriers/:carrier', rawCallbackBody, carrier(() => ''));
  app.post('/v1/webhooks/carriers/:carrier/:kind', rawCallbackBody, carrier((r) => r.params.kind));
  app.post('/v1/webhooks/stripe/connect', rawCallbackBody, receive(() => 'stripe', () => 'connect'));
  app.post('/v1/webhooks/:provider', rawCallbackBody, receive((r) => r.params.provider, () => ''));

  app.use((req: Request, _res: Response, next: NextFunction) => next(new DomainError('NOT_FOUND', `No route for ${req.method} ${echo(req.path, 256)}.`)));
  app.use(callbackBodyErrors);
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    if (!(error instanceof DomainError)) deps.logger.error('unhandled error', { error, method: req.method, path: req.path });
    const body = toProblemDetails(error, {
      baseUrl: deps.publicBaseUrl,
      instance: echo(req.originalUrl.split('?')[0], 1024),
      traceId: (res.locals.traceId as string | undefined) ?? 'unknown',
    });
    res.status(body.status).type(PROBLEM_MEDIA_TYPE).send(JSON.stringify(body));
  });
  return app;
}

/** The query string as received (Twilio signs it as part of the URL). */
const queryOf = (req: Request): string => {
  const at = req.originalUrl.indexOf('?');
  return at < 0 ? '' : req.originalUrl.slice(at + 1);
};

function signaturesOf(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of CARRIER_SIGNATURE_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/** NUL and unpaired surrogates cannot be stored; a segment that is not UTF-8 once decoded would make express answer 500. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** As the gateway's path guard answers for a path it does not publish: 400 VALIDATION_FAILED naming `path`. */
function refuseUndecodablePath(req: Request, _res: Response, next: NextFunction): void {
  const decodes = (segment: string) => {
    try {
      return !UNSTORABLE.test(decodeURIComponent(segment));
    } catch {
      return false;
    }
  };
  if (req.path.split('/').every(decodes)) return next();
  next(DomainError.validation({ path: ['must not contain NUL or unpaired surrogate characters'] }));
}
