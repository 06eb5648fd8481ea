import { CommandStatus } from './command-status';

/** A body problem with the status to answer it with; decodePdu turns it into an SmppDecodeError. */
export class BodyError extends Error {
  constructor(
    readonly commandStatus: number,
    message: string,
  ) {
    super(message);
  }
}

/** Bounds-checked big-endian reads over one PDU body; running past the end is a BodyError, never a RangeError. */
export class OctetReader {
  private offset = 0;
  constructor(private readonly bytes: Buffer) {}

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  u8(field: string): number {
    return this.take(1, field).readUInt8(0);
  }

  u16(field: string): number {
    return this.take(2, field).readUInt16BE(0);
  }

  u32(field: string): number {
    return this.take(4, field).readUInt32BE(0);
  }

  octets(length: number, field: string, status: number = CommandStatus.ESME_RINVCMDLEN): Buffer {
    return this.take(length, field, status);
  }

  /**
   * A C-Octet String: bytes up to a NUL. Lengths over SMPP 3.4's maxima are
   * accepted (SMSCs in the field exceed them, e.g. Jasmin's 16-character
   * passwords); a missing NUL before the body ends is not.
   */
  cString(field: string): string {
    const end = this.bytes.indexOf(0, this.offset);
    if (end < 0) throw new BodyError(CommandStatus.ESME_RINVCMDLEN, `${field}: C-Octet String has no NUL before the body ends`);
    const value = this.bytes.toString('latin1', this.offset, end);
    this.offset = end + 1;
    return value;
  }

  private take(length: number, field: string, status: number = CommandStatus.ESME_RINVCMDLEN): Buffer {
    if (length > this.remaining) {
      throw new BodyError(status, `${field}: needs ${length} octet(s), ${this.remaining} left in the body`);
    }
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }
}
