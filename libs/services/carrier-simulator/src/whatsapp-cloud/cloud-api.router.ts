import { timingSafeEqual } from 'node:crypto';
import express, { type ErrorRequestHandler, type NextFunction, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import type { Logger } from '@mp/telemetry';
import type { SubmitCarrierMessage } from '../carrier-api/submit-message.usecase';
import type { CloudApiSettings } from './cloud-api-settings';
import { metaErrors, type MetaErrorAnswer } from './cloud-errors';
import { CLOUD_WAMID_PREFIX, cloudReference, waIdOf } from './cloud-ids';
import { checkCloudSend } from './cloud-message.rules';
import { latestBehaviourFor, scheduleSentStatus } from './cloud-submissions.repository';

/** Graph API versions as Meta writes them (`v23.0`); other first segments are not this route's (404 as before). */
const API_VERSION = /^v\d{1,3}\.\d{1,3}$/;

export interface CloudApiDeps {
  submit: SubmitCarrierMessage;
  db: Knex;
  /** Read per request: the token, secret and ids may change while it runs (tests, a composer). */
  settings: () => CloudApiSettings;
  logger: Logger;
}

const send = (res: Response, error: MetaErrorAnswer) => void res.status(error.status).json(error.body);

/** Whether `Authorization` is `Bearer <token>` with exactly the fake's token (compared in constant time). */
function hasToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '')?.[1];
  if (!given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The fake of Meta's `sendMessage` (issue 29 point 6): `POST /{apiVersion}/{phoneNumberId}/messages`
 * with the bearer token. A send is filed like the other carriers' (behaviour,
 * submission and receipt in the same store), and every sandbox behaviour
 * answers the way Meta would: `failed` 400 code 131026, `unavailable` 503
 * code 2, `throttled` 429 code 130429, `drop-connection` a dropped socket.
 * Its receipts go out as Meta's status webhooks (cloud-status-webhook.ts).
 */
export function createCloudApiRouter(deps: CloudApiDeps): express.Router {
  const router = express.Router();

  const authorise = (req: Request, res: Response, next: NextFunction) => {
    if (!API_VERSION.test(req.params.apiVersion)) return next('route');
    const settings = deps.settings();
    // Meta checks the token before it looks at anything else.
    if (!hasToken(req.header('authorization'), settings.accessToken)) return send(res, metaErrors.invalidToken());
    if (req.params.phoneNumberId !== settings.phoneNumberId) return send(res, metaErrors.unknownPhoneNumberId(req.params.phoneNumberId));
    next();
  };

  const sendMessage = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const check = checkCloudSend(req.body);
      if (!check.ok) return send(res, metaErrors.invalidParameter(check.details));
      const { to, input, body } = check.send;
      const settings = deps.settings();
      const behaviour = await latestBehaviourFor(deps.db, to);
      const traceparent = req.headers.traceparent;
      const result = await deps.submit(
        { reference: cloudReference(waIdOf(to)), accountId: behaviour?.accountId ?? '', channel: 'WhatsApp', from: settings.displayNumber, to, body },
        { idPrefix: CLOUD_WAMID_PREFIX, traceparent: typeof traceparent === 'string' ? traceparent : undefined, onAccepted: scheduleSentStatus },
      );
      if (result.kind === 'refused') return send(res, metaErrors.undeliverable());
      if (result.kind === 'unavailable') {
        // The HTTP carrier plays the SMPP-only behaviours as `unavailable`; Meta has its own forms of them.
        if (behaviour?.outcome === 'drop-connection') return void req.socket.destroy();
        return send(res, behaviour?.outcome === 'throttled' ? metaErrors.rateLimited() : metaErrors.serviceUnavailable());
      }
      res.status(200).json({
        messaging_product: 'whatsapp',
        contacts: [{ input, wa_id: waIdOf(to) }],
        messages: [{ id: result.carrierMessageId, message_status: 'accepted' }],
      });
    } catch (error) {
      next(error);
    }
  };

  router.post('/:apiVersion/:phoneNumberId/messages', authorise, express.json({ limit: '256kb' }), sendMessage);

  // Errors of this route answer in Meta's shape, not the carrier API's.
  const onError: ErrorRequestHandler = (error: { type?: string; status?: number }, _req, res, _next) => {
    if (error.type === 'entity.parse.failed') return send(res, metaErrors.invalidParameter('The request body is not valid JSON.'));
    if (typeof error.status === 'number' && error.status >= 400 && error.status < 500) return send(res, metaErrors.invalidParameter('The request could not be read.'));
    deps.logger.error('fake WhatsApp Cloud API failed', { error });
    send(res, metaErrors.internal());
  };
  router.use(onError);
  return router;
}
