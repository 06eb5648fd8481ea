import { commandStatusName } from '../pdu/command-status';
import type { SmppDecodeError } from '../pdu/smpp-errors';

/** Why a session ended; carried by `closed`, the `closed` event and every ConnectionLost. */
export type CloseReason =
  | { kind: 'unbound' }
  | { kind: 'unbound-by-smsc' }
  | { kind: 'socket-closed'; error?: Error }
  | { kind: 'enquire-link-unanswered' }
  | { kind: 'framing-error'; error: Error }
  | { kind: 'bind-failed'; error: Error }
  | { kind: 'destroyed' };

/** The SMSC answered bind_transceiver with an error status (wrong password, unknown system_id, ...). */
export class BindRefused extends Error {
  override readonly name = 'BindRefused';
  readonly statusName: string;
  constructor(readonly commandStatus: number) {
    super(`bind_transceiver refused: ${commandStatusName(commandStatus)}`);
    this.statusName = commandStatusName(commandStatus);
  }
}

/** No response within the response timeout. For a submit_sm it is unknown whether the SMSC took it. */
export class ResponseTimeout extends Error {
  override readonly name = 'ResponseTimeout';
  constructor(
    readonly command: string,
    readonly sequenceNumber: number,
    readonly timeoutMs: number,
  ) {
    super(`no response to ${command} (sequence ${sequenceNumber}) within ${timeoutMs} ms`);
  }
}

/**
 * The session ended before the request was answered. `sent` says whether it reached the
 * socket: false means the SMSC never saw it (safe to resubmit); true means it may have.
 */
export class ConnectionLost extends Error {
  override readonly name = 'ConnectionLost';
  constructor(
    readonly reason: CloseReason,
    readonly sent: boolean,
  ) {
    super(`SMPP session closed (${reason.kind}) before ${sent ? 'the response' : 'the request was sent'}`);
  }
}

/** The response to our request could not be decoded; the request's outcome is unknown. */
export class MalformedResponse extends Error {
  override readonly name = 'MalformedResponse';
  constructor(readonly decodeError: SmppDecodeError) {
    super(`malformed response: ${decodeError.message}`);
  }
}

/** A request made while the session is not bound (before bind, while unbinding, after close). */
export class NotBound extends Error {
  override readonly name = 'NotBound';
  constructor(readonly state: string) {
    super(`SMPP session is ${state}, not bound`);
  }
}
