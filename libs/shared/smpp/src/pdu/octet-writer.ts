import { SmppEncodeError } from './smpp-errors';

/** Big-endian writes with SMPP's range checks; a value that does not fit is an SmppEncodeError naming the field. */
export class OctetWriter {
  private readonly chunks: Buffer[] = [];
  private size = 0;

  get length(): number {
    return this.size;
  }

  u8(value: number, field: string): this {
    return this.push(Buffer.of(checkInteger(value, 0xff, field)));
  }

  u16(value: number, field: string): this {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(checkInteger(value, 0xffff, field));
    return this.push(b);
  }

  u32(value: number, field: string): this {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(checkInteger(value, 0xffffffff, field));
    return this.push(b);
  }

  octets(value: Uint8Array): this {
    return this.push(Buffer.from(value));
  }

  /** A C-Octet String; `max` counts the NUL, as SMPP 3.4's field tables do. */
  cString(value: string, max: number, field: string): this {
    if (typeof value !== 'string') throw new SmppEncodeError(field, 'must be a string');
    if (value.includes('\0')) throw new SmppEncodeError(field, 'must not contain NUL');
    if (/[^\u0001-\u00ff]/.test(value)) throw new SmppEncodeError(field, 'must be ASCII (one octet per character)');
    if (value.length + 1 > max) throw new SmppEncodeError(field, `${value.length} characters; at most ${max - 1} (${max} with the NUL)`);
    return this.push(Buffer.from(`${value}\0`, 'latin1'));
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks, this.size);
  }

  private push(b: Buffer): this {
    this.chunks.push(b);
    this.size += b.length;
    return this;
  }
}

function checkInteger(value: number, max: number, field: string): number {
  if (!Number.isInteger(value) || value < 0 || value > max) throw new SmppEncodeError(field, `${value} is not an integer in 0..${max}`);
  return value;
}
