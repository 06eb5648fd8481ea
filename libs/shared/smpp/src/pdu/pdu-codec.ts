import { BODY_LAYOUTS, MAX_SHORT_MESSAGE, mayOmitBody } from './body-layouts';
import { CommandId, commandNameOf } from './command-id';
import { CommandStatus } from './command-status';
import { BodyError, OctetReader } from './octet-reader';
import { OctetWriter } from './octet-writer';
import type { Pdu } from './pdu-types';
import { SmppDecodeError, SmppEncodeError } from './smpp-errors';
import { readTlvs, writeTlvs } from './tlv-codec';

export const HEADER_LENGTH = 16;

export type DecodeResult = { ok: true; pdu: Pdu } | { ok: false; error: SmppDecodeError };

/** One whole PDU on the wire, header included. Throws SmppEncodeError for a value SMPP 3.4 cannot carry. */
export function encodePdu(pdu: Pdu): Buffer {
  const layout = BODY_LAYOUTS[pdu.command];
  if (!layout) throw new SmppEncodeError('command', `${String(pdu.command)} is not a command this codec knows`);
  const fields = pdu as unknown as Record<string, unknown>;
  const body = new OctetWriter();
  const omitBody = mayOmitBody(layout) && pdu.commandStatus !== 0 && fields[layout[0].name] === '' && !hasTlvs(pdu.tlvs);
  if (!omitBody) {
    for (const spec of layout) {
      const value = fields[spec.name];
      if (spec.type === 'u8') body.u8(value as number, spec.name);
      else if (spec.type === 'cString') {
        if (spec.exact !== undefined && typeof value === 'string' && value !== '' && value.length !== spec.exact) {
          throw new SmppEncodeError(spec.name, `must be empty or ${spec.exact} characters`);
        }
        body.cString(value as string, spec.max, spec.name);
      } else {
        if (!(value instanceof Uint8Array)) throw new SmppEncodeError(spec.name, 'must be bytes');
        if (value.length > MAX_SHORT_MESSAGE) throw new SmppEncodeError(spec.name, `${value.length} octets; at most ${MAX_SHORT_MESSAGE} (use message_payload)`);
        body.u8(value.length, 'smLength').octets(value);
      }
    }
    writeTlvs(body, pdu.tlvs);
  }
  const bytes = body.toBuffer();
  const header = new OctetWriter()
    .u32(HEADER_LENGTH + bytes.length, 'commandLength')
    .u32(CommandId[pdu.command], 'commandId')
    .u32(pdu.commandStatus, 'commandStatus')
    .u32(pdu.sequenceNumber, 'sequenceNumber')
    .toBuffer();
  return Buffer.concat([header, bytes]);
}

/**
 * One whole PDU (as the framer cuts them). Never throws: an unknown command_id,
 * a body that ends early or a bad TLV is an SmppDecodeError carrying the
 * sequence_number and the status to answer with.
 */
export function decodePdu(frame: Buffer): DecodeResult {
  if (frame.length < HEADER_LENGTH) {
    return fail(0, 0, CommandStatus.ESME_RINVCMDLEN, `${frame.length} octets is shorter than the 16-octet header`);
  }
  const commandLength = frame.readUInt32BE(0);
  const commandId = frame.readUInt32BE(4);
  const commandStatus = frame.readUInt32BE(8);
  const sequenceNumber = frame.readUInt32BE(12);
  if (commandLength !== frame.length) {
    return fail(commandId, sequenceNumber, CommandStatus.ESME_RINVCMDLEN, `command_length ${commandLength} but ${frame.length} octets`);
  }
  const command = commandNameOf(commandId);
  if (!command) return fail(commandId, sequenceNumber, CommandStatus.ESME_RINVCMDID, 'unknown command_id');
  try {
    const reader = new OctetReader(frame.subarray(HEADER_LENGTH));
    const layout = BODY_LAYOUTS[command];
    const fields: Record<string, unknown> = { command, commandStatus, sequenceNumber };
    if (mayOmitBody(layout) && reader.remaining === 0) {
      fields[layout[0].name] = '';
    } else {
      for (const spec of layout) {
        if (spec.type === 'u8') fields[spec.name] = reader.u8(spec.name);
        else if (spec.type === 'cString') fields[spec.name] = reader.cString(spec.name);
        else fields[spec.name] = Buffer.from(reader.octets(reader.u8('smLength'), 'shortMessage'));
      }
    }
    const tlvs = readTlvs(reader);
    if (tlvs) fields.tlvs = tlvs;
    return { ok: true, pdu: fields as unknown as Pdu };
  } catch (err) {
    if (err instanceof BodyError) return fail(commandId, sequenceNumber, err.commandStatus, err.message);
    // A codec bug must not take the session down either.
    return fail(commandId, sequenceNumber, CommandStatus.ESME_RSYSERR, `decoder fault: ${(err as Error)?.message ?? String(err)}`);
  }
}

function hasTlvs(tlvs: Pdu['tlvs']): boolean {
  return tlvs !== undefined && Object.entries(tlvs).some(([name, value]) => value !== undefined && !(name === 'unknown' && (value as unknown[]).length === 0));
}

function fail(commandId: number, sequenceNumber: number, status: number, reason: string): DecodeResult {
  return { ok: false, error: new SmppDecodeError(commandId, sequenceNumber, status, reason) };
}
