import express, { type ErrorRequestHandler, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from '@mp/telemetry';
import { checkSubmission } from './carrier-submission.rules';
import type { SubmitCarrierMessage } from './submit-message.usecase';

/** The SMS carrier's submission path (service-contracts "Carrier API"). */
export const SMS_CARRIER_PATH = '/carrier/v1/messages';

const errorBody = (code: string, message: string, extra: Record<string, unknown> = {}) => ({ error: { code, message, ...extra } });

/**
 * The carrier's own HTTP API, shaped like a real carrier's rather than like the
 * platform's problem details. `Authorization: Bearer ...` is accepted and not
 * checked: the sandbox carrier has no accounts of its own.
 */
export function createCarrierApiApp(submitMessage: SubmitCarrierMessage, logger: Logger, cloudApi?: express.Router): express.Express {
  const app = express();
  app.disable('x-powered-by');

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  // Two carriers share the app: the SMS carrier of the Carrier API, and WhatsApp
  // as a fake of Meta's Cloud API (its own paths, ids, errors and webhooks).
  const submitRoute = (channel: 'Sms', idPrefix: string) => async (req: Request, res: Response, next: NextFunction) => {
    try {
      const check = checkSubmission(req.body);
      if (!check.ok) {
        res.status(400).json(errorBody('VALIDATION_FAILED', 'The message has invalid fields.', { fields: check.errors }));
        return;
      }
      if (check.submission.channel !== channel) {
        res.status(400).json(errorBody('VALIDATION_FAILED', 'The message has invalid fields.', { fields: { channel: [`channel must be ${channel} on this carrier.`] } }));
        return;
      }
      const traceparent = req.headers.traceparent;
      const result = await submitMessage(check.submission, { idPrefix, traceparent: typeof traceparent === 'string' ? traceparent : undefined });
      if (result.kind === 'unavailable') {
        res.status(503).json(errorBody('SERVICE_UNAVAILABLE', result.message));
        return;
      }
      if (result.kind === 'refused') {
        res.status(422).json(errorBody(result.code, result.message));
        return;
      }
      res.status(201).json({ carrierMessageId: result.carrierMessageId, status: 'accepted' });
    } catch (error) {
      next(error);
    }
  };
  app.post(SMS_CARRIER_PATH, express.json({ limit: '256kb' }), submitRoute('Sms', 'sim-'));
  // The fake of Meta's WhatsApp Cloud API (whatsapp-cloud/): after the path above, which its
  // `/:apiVersion/:phoneNumberId/messages` would otherwise also match; its errors in Meta's shape.
  if (cloudApi) app.use(cloudApi);
  app.use((_req, res) => {
    res.status(404).json(errorBody('NOT_FOUND', 'No such carrier endpoint.'));
  });

  const onError: ErrorRequestHandler = (error: { type?: string; status?: number }, _req, res, _next) => {
    if (error.type === 'entity.parse.failed') {
      res.status(400).json(errorBody('INVALID_JSON', 'The body is not valid JSON.'));
      return;
    }
    if (typeof error.status === 'number' && error.status >= 400 && error.status < 500) {
      res.status(error.status).json(errorBody('INVALID_REQUEST', 'The request could not be read.'));
      return;
    }
    // A 5xx tells the platform to retry, which is what a carrier outage means.
    logger.error('carrier API failed', { error });
    res.status(500).json(errorBody('INTERNAL_ERROR', 'The carrier had an internal error.'));
  };
  app.use(onError);
  return app;
}
