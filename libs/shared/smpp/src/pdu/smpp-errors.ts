import { CommandStatus } from './command-status';

/**
 * What a peer sent that this codec cannot take. Never thrown by the framer or
 * decodePdu: they return it, so a bad PDU from an SMSC can never crash a process.
 */
export abstract class SmppProtocolError extends Error {
  /** False when PDU boundaries are lost (the session must answer, then close). */
  abstract readonly streamCanContinue: boolean;
  /** The command_status to answer with (generic_nack or the request's response). */
  abstract readonly commandStatus: number;
  abstract readonly sequenceNumber: number | undefined;
}

/** command_length below the header size or above the bound: the next PDU's start is unknown. */
export class SmppFramingError extends SmppProtocolError {
  override readonly name = 'SmppFramingError';
  readonly streamCanContinue = false;
  readonly commandStatus = CommandStatus.ESME_RINVCMDLEN;
  constructor(
    readonly commandLength: number,
    readonly limit: { min: number; max: number },
    readonly commandId: number | undefined,
    readonly sequenceNumber: number | undefined,
  ) {
    super(`command_length ${commandLength} is outside ${limit.min}..${limit.max}: the stream cannot be framed any further`);
  }
}

/** A whole PDU whose header was readable but whose body (or command_id) was not. The next PDU can be read. */
export class SmppDecodeError extends SmppProtocolError {
  override readonly name = 'SmppDecodeError';
  readonly streamCanContinue = true;
  constructor(
    readonly commandId: number,
    readonly sequenceNumber: number,
    readonly commandStatus: number,
    readonly reason: string,
  ) {
    super(`PDU 0x${(commandId >>> 0).toString(16).padStart(8, '0')} seq ${sequenceNumber}: ${reason}`);
  }
}

/** Our own PDU or text cannot be put on the wire as given (a caller bug or a value over an SMPP limit). Thrown. */
export class SmppEncodeError extends Error {
  override readonly name = 'SmppEncodeError';
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}
