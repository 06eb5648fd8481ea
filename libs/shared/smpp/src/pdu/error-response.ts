import { commandNameOf, isResponseId, responseOf } from './command-id';
import type { Pdu } from './pdu-types';
import { SmppDecodeError, type SmppProtocolError } from './smpp-errors';

/**
 * The PDU that answers an undecodable one (SMPP 3.4 §4.3.1): generic_nack for a
 * bad command_length or an unknown command_id; the request's own response with
 * the error status for a known request with a bad body; nothing for a bad
 * response (responses are never answered; the caller fails its pending request).
 */
export function errorResponseTo(error: SmppProtocolError): Pdu | undefined {
  const sequenceNumber = error.sequenceNumber ?? 0;
  const nack: Pdu = { command: 'generic_nack', commandStatus: error.commandStatus, sequenceNumber };
  if (!(error instanceof SmppDecodeError)) return nack; // framing: the length was bad
  const commandId = error.commandId;
  const command = commandNameOf(commandId);
  if (!command) return isResponseId(commandId) ? undefined : nack;
  const response = responseOf(command);
  if (!response) return undefined;
  const base = { commandStatus: error.commandStatus, sequenceNumber };
  switch (response) {
    case 'bind_receiver_resp':
    case 'bind_transmitter_resp':
    case 'bind_transceiver_resp':
      return { command: response, ...base, systemId: '' };
    case 'submit_sm_resp':
    case 'deliver_sm_resp':
    case 'data_sm_resp':
      return { command: response, ...base, messageId: '' };
    case 'unbind_resp':
    case 'enquire_link_resp':
      return { command: response, ...base };
    default:
      return nack;
  }
}
