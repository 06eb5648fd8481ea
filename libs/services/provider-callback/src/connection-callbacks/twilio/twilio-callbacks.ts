import type { TwilioConnection } from '@mp/carrier-connections';
import { DomainError } from '@mp/problems';
import { storeCarrierInbound } from '../../carrier-inbound/record-carrier-inbound.usecase';
import { recordCarrierReceipts } from '../../carrier-receipts/record-carrier-receipt.usecase';
import { unauthorized } from '../../ingest/ingest-callback.usecase';
import {
  EMPTY_TWIML,
  paramsObject,
  parseInboundCallback,
  parseStatusCallback,
  parseTwilioForm,
  twilioInboundRecord,
  twilioStatusAction,
  verifyTwilioSignature,
  type TwilioParams,
} from '../../twilio-callbacks';
import type { CarrierCallbackAnswer, CarrierCallbackDeps, ProtocolCallbacks } from '../carrier-callback';
import { twilioReceipt } from './twilio-receipt';

/**
 * Twilio's status and inbound callbacks of a `twilio` connection (issue 29
 * point 4; CARRIERS.md 3): form-encoded, signed with `X-Twilio-Signature`
 * over the public URL Twilio called and the sorted parameters (401, nothing
 * stored, when it does not verify). A status is a receipt by MessageSid; an
 * inbound message enters replies and is answered with empty TwiML.
 */
export const twilioCallbacks: ProtocolCallbacks<TwilioConnection> = async (deps, connection, request) => {
  const form = request.method === 'POST' ? parseTwilioForm(request.rawBody) : undefined;
  if (form && !form.ok && form.reason === 'too-large') throw new DomainError('PAYLOAD_TOO_LARGE', form.detail);
  // The URL as Twilio called it: the connection's public address, not the pod's (message-form.ts builds the same).
  const url = `${connection.publicBaseUrl}/v1/webhooks/carriers/${connection.name}/${request.route}${request.query ? `?${request.query}` : ''}`;
  if (!form?.ok || !verifyTwilioSignature({ url, params: form.params, header: request.signatures['x-twilio-signature'], authToken: connection.authToken })) {
    deps.logger.warn('Twilio callback with a bad signature', { carrier: connection.name, route: request.route });
    throw unauthorized();
  }
  if (request.route === 'status') return status(deps, connection, form.params);
  if (request.route === 'inbound') return inbound(deps, connection, form.params);
  throw new DomainError('NOT_FOUND', `Twilio calls ${connection.name} back at /status and /inbound.`);
};

async function status(deps: CarrierCallbackDeps, connection: TwilioConnection, params: TwilioParams): Promise<CarrierCallbackAnswer> {
  const parsed = parseStatusCallback(params);
  if (!parsed.ok) throw new DomainError('INVALID_INPUT', parsed.detail);
  const receipt = twilioReceipt(twilioStatusAction(parsed.status, deps.clock.now(), paramsObject(params)));
  if (!receipt) {
    deps.logger.debug('Twilio status not acted on', { carrier: connection.name, status: parsed.status.messageStatus });
    return { accepted: false, eventId: '' };
  }
  const recorded = await recordCarrierReceipts(deps, connection.name, [receipt]);
  return { accepted: recorded.length > 0, eventId: receipt.eventId };
}

async function inbound(deps: CarrierCallbackDeps, connection: TwilioConnection, params: TwilioParams): Promise<CarrierCallbackAnswer> {
  const parsed = parseInboundCallback(params);
  if (!parsed.ok) throw new DomainError('INVALID_INPUT', parsed.detail);
  const record = twilioInboundRecord(parsed.inbound, deps.clock.now());
  if (!record.ok) {
    // A message of media alone: nothing the record can hold. Answered all the same, so Twilio does not report a failure.
    deps.logger.warn('Twilio inbound message not recorded', { carrier: connection.name, reason: record.reason, messageSid: parsed.inbound.messageSid });
    return { accepted: false, eventId: parsed.inbound.messageSid, ...EMPTY_TWIML };
  }
  const accepted = await storeCarrierInbound(deps, connection.name, record.inbound, JSON.stringify({ twilio: paramsObject(params) }), {
    replyPayload: parsed.inbound.buttonPayload,
  });
  return { accepted, eventId: record.inbound.eventId, ...EMPTY_TWIML };
}
