import type { CarrierConnection, WhatsAppCloudConnection } from '@mp/carrier-connections';
import { DomainError } from '@mp/problems';
import { toCarrierInbound, type CarrierInbound } from '../../carrier-inbound/carrier-inbound.rules';
import { storeCarrierInbound } from '../../carrier-inbound/record-carrier-inbound.usecase';
import { recordCarrierReceipts } from '../../carrier-receipts/record-carrier-receipt.usecase';
import { unauthorized } from '../../ingest/ingest-callback.usecase';
import { answerHandshake, parseWhatsAppWebhook, toWhatsAppInbound, verifyMetaSignature, type WhatsAppChange } from '../../whatsapp-webhooks';
import { handshakeRefused, type CarrierCallbackAnswer, type CarrierCallbackDeps, type CarrierCallbackRequest, type ProtocolCallbacks } from '../carrier-callback';
import { queryObject } from './query-object';
import { whatsAppReceipts } from './whatsapp-receipts';

/**
 * Meta's WhatsApp Cloud API webhooks of a `whatsapp-cloud` connection (issue
 * 29 point 2; CARRIERS.md 2): GET is the subscription handshake (the
 * challenge, or 403), POST a batch signed with `X-Hub-Signature-256` (401
 * before the body is read when it does not verify). Every status and message
 * of the batch is stored once, whatever Meta repeats.
 */
export const whatsAppCloudCallbacks: ProtocolCallbacks<WhatsAppCloudConnection> = async (deps, connection, request, connections) => {
  if (request.method === 'GET' && request.route === '') return handshake(deps, connection, request);
  if (request.method !== 'POST' || !verifyMetaSignature(request.rawBody, request.signatures['x-hub-signature-256'], connection.appSecret)) {
    deps.logger.warn('WhatsApp webhook with a bad signature', { carrier: connection.name, method: request.method });
    throw unauthorized();
  }
  if (request.route !== '') throw new DomainError('NOT_FOUND', `Meta posts ${connection.name}'s webhooks to /v1/webhooks/carriers/${connection.name}.`);
  const parsed = parseWhatsAppWebhook(request.rawBody);
  if (!parsed.ok) {
    deps.logger.warn('WhatsApp webhook refused', { carrier: connection.name, reason: parsed.refusal.reason });
    throw new DomainError(parsed.refusal.reason === 'too-large' ? 'PAYLOAD_TOO_LARGE' : 'INVALID_INPUT', parsed.refusal.detail);
  }
  let accepted = false;
  let eventId = '';
  for (const change of parsed.webhook.changes) {
    // One Meta app posts every number's webhooks to one address: a status belongs to the connection of its number.
    const carrier = connectionOfNumber(connections, change.phoneNumberId) ?? connection.name;
    for (const error of change.errors) deps.logger.warn('WhatsApp reported an error', { carrier, code: error.code, title: error.title });
    const receipts = change.statuses.flatMap(whatsAppReceipts);
    if (receipts.length > 0) {
      const recorded = await recordCarrierReceipts(deps, carrier, receipts);
      accepted ||= recorded.length > 0;
      eventId ||= receipts[0].eventId;
    }
    for (const stored of await storeInbound(deps, carrier, change)) {
      accepted ||= stored.accepted;
      eventId ||= stored.eventId;
    }
    unread(deps, carrier, change);
  }
  if (parsed.webhook.otherFields.length > 0) deps.logger.info('WhatsApp webhook fields not read', { carrier: connection.name, fields: parsed.webhook.otherFields });
  return { accepted, eventId };
};

function handshake(deps: CarrierCallbackDeps, connection: WhatsAppCloudConnection, request: CarrierCallbackRequest): CarrierCallbackAnswer {
  const answer = answerHandshake(queryObject(request.query), connection.verifyToken);
  if (answer.status !== 200) {
    deps.logger.warn('WhatsApp subscription handshake refused', { carrier: connection.name });
    throw handshakeRefused();
  }
  deps.logger.info('WhatsApp subscription handshake answered', { carrier: connection.name });
  return { accepted: false, eventId: '', contentType: 'text/plain', body: answer.body };
}

function connectionOfNumber(connections: readonly CarrierConnection[], phoneNumberId: string): string | undefined {
  return connections.find((c) => c.protocol === 'whatsapp-cloud' && c.phoneNumberId === phoneNumberId)?.name;
}

/** The change's messages through the one inbound path; a type the platform does not record is logged by name. */
async function storeInbound(deps: CarrierCallbackDeps, carrier: string, change: WhatsAppChange): Promise<Array<{ accepted: boolean; eventId: string }>> {
  const stored: Array<{ accepted: boolean; eventId: string }> = [];
  for (const message of change.messages) {
    const inbound = toWhatsAppInbound(message, change);
    if (!inbound.ok) {
      deps.logger.warn('WhatsApp message of a type not recorded', { carrier, type: inbound.reported, wamid: message.id });
      continue;
    }
    if (inbound.truncated) deps.logger.warn('WhatsApp message cut to the inbound limit', { carrier, wamid: message.id });
    let record: CarrierInbound;
    try {
      record = toCarrierInbound({ ...inbound.fields });
    } catch (error) {
      // One message the record cannot hold must not make Meta retry the whole batch for days.
      deps.logger.warn('WhatsApp message not recordable', { carrier, wamid: message.id, detail: error instanceof DomainError ? error.message : String(error) });
      continue;
    }
    const accepted = await storeCarrierInbound(deps, carrier, record, JSON.stringify({ whatsapp: message, reply: inbound.reply }), {
      replyPayload: inbound.reply?.id,
    });
    stored.push({ accepted, eventId: record.eventId });
  }
  return stored;
}

/** Statuses Meta named that are not read here: said in a log line, never dropped silently. */
function unread(deps: CarrierCallbackDeps, carrier: string, change: WhatsAppChange): void {
  for (const status of change.statuses) {
    if (status.status === 'other') deps.logger.info('WhatsApp status not read', { carrier, status: status.reported, wamid: status.id });
  }
}
