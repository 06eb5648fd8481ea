import { decodePdu, HEADER_LENGTH } from '../pdu/pdu-codec';
import type { Pdu } from '../pdu/pdu-types';
import { SmppFramingError, type SmppDecodeError } from '../pdu/smpp-errors';

/**
 * Largest command_length accepted by default: a 64 KiB message_payload plus a
 * submit_sm's other fields and TLVs fits; anything larger is a broken stream.
 */
export const DEFAULT_MAX_COMMAND_LENGTH = 0x10000 + 0x400;

export type FramedItem =
  | { kind: 'pdu'; pdu: Pdu; bytes: Buffer }
  | { kind: 'decode-error'; error: SmppDecodeError; bytes: Buffer }
  | { kind: 'framing-error'; error: SmppFramingError };

/**
 * Cuts a TCP byte stream into PDUs. Feed it chunks of any size; each call
 * returns what became whole. A bad body yields a decode error and framing goes
 * on; a command_length out of bounds yields one framing error, after which the
 * framer is broken (nothing more can be framed: answer generic_nack, close).
 */
export class PduFramer {
  private buffer: Buffer = Buffer.alloc(0);
  private brokenBy: SmppFramingError | undefined;

  constructor(private readonly maxCommandLength: number = DEFAULT_MAX_COMMAND_LENGTH) {}

  get broken(): SmppFramingError | undefined {
    return this.brokenBy;
  }

  /** Octets received and not yet part of a whole PDU. */
  get pendingBytes(): number {
    return this.buffer.length;
  }

  push(chunk: Uint8Array): FramedItem[] {
    if (this.brokenBy) return [];
    this.buffer = this.buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.buffer, chunk]);
    const items: FramedItem[] = [];
    let offset = 0;
    while (this.buffer.length - offset >= 4) {
      const commandLength = this.buffer.readUInt32BE(offset);
      if (commandLength < HEADER_LENGTH || commandLength > this.maxCommandLength) {
        // Judged as soon as the length is known; the id and sequence are reported when they already arrived.
        const available = this.buffer.length - offset;
        const commandId = available >= 8 ? this.buffer.readUInt32BE(offset + 4) : undefined;
        const sequenceNumber = available >= 16 ? this.buffer.readUInt32BE(offset + 12) : undefined;
        this.brokenBy = new SmppFramingError(commandLength, { min: HEADER_LENGTH, max: this.maxCommandLength }, commandId, sequenceNumber);
        items.push({ kind: 'framing-error', error: this.brokenBy });
        this.buffer = Buffer.alloc(0);
        return items;
      }
      if (this.buffer.length - offset < commandLength) break;
      const bytes = Buffer.from(this.buffer.subarray(offset, offset + commandLength));
      offset += commandLength;
      const result = decodePdu(bytes);
      items.push(result.ok ? { kind: 'pdu', pdu: result.pdu, bytes } : { kind: 'decode-error', error: result.error, bytes });
    }
    this.buffer = this.buffer.subarray(offset);
    return items;
  }
}
