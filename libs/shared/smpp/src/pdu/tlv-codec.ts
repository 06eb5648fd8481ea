import { CommandStatus } from './command-status';
import { BodyError, type OctetReader } from './octet-reader';
import type { OctetWriter } from './octet-writer';
import { SmppEncodeError } from './smpp-errors';
import { TLV_DEFINITIONS, type NetworkErrorCode, type RawTlv, type TlvDefinition, type TlvName, type Tlvs } from './tlv-definitions';

const BY_TAG = new Map<number, [TlvName, TlvDefinition]>(
  (Object.entries(TLV_DEFINITIONS) as Array<[TlvName, TlvDefinition]>).map(([name, def]) => [def.tag, [name, def]]),
);

/** Reads TLVs to the end of the body. Known tags by name; unknown ones raw, in order. */
export function readTlvs(reader: OctetReader): Tlvs | undefined {
  if (reader.remaining === 0) return undefined;
  const tlvs: Record<string, unknown> = {};
  const unknown: RawTlv[] = [];
  while (reader.remaining > 0) {
    const tag = reader.octets(2, 'TLV tag', CommandStatus.ESME_RINVOPTPARSTREAM).readUInt16BE(0);
    const length = reader.octets(2, 'TLV length', CommandStatus.ESME_RINVOPTPARSTREAM).readUInt16BE(0);
    const value = reader.octets(length, `TLV 0x${hex4(tag)} value`, CommandStatus.ESME_RINVOPTPARSTREAM);
    const known = BY_TAG.get(tag);
    if (known) tlvs[known[0]] = decodeValue(known[0], known[1], value);
    else unknown.push({ tag, value: Buffer.from(value) });
  }
  if (unknown.length > 0) tlvs.unknown = unknown;
  return tlvs as Tlvs;
}

// Known TLVs first (in the object's order), then unknown ones in the order they came: SMPP
// leaves TLV order free, and each value goes out byte for byte as it was read.
export function writeTlvs(writer: OctetWriter, tlvs: Tlvs | undefined): void {
  if (!tlvs) return;
  for (const name of Object.keys(tlvs)) {
    if (name === 'unknown') continue;
    const def: TlvDefinition | undefined = (TLV_DEFINITIONS as Record<string, TlvDefinition>)[name];
    if (!def) throw new SmppEncodeError(`tlvs.${name}`, 'is not a known TLV name (put it in tlvs.unknown with its tag)');
    const value = (tlvs as Record<string, unknown>)[name];
    if (value === undefined) continue;
    writeOne(writer, def.tag, encodeValue(name, def, value));
  }
  for (const raw of tlvs.unknown ?? []) writeOne(writer, raw.tag, raw.value);
}

function writeOne(writer: OctetWriter, tag: number, value: Buffer): void {
  if (value.length > 0xffff) throw new SmppEncodeError(`TLV 0x${hex4(tag)}`, `value of ${value.length} octets; at most 65535`);
  writer.u16(tag, 'TLV tag').u16(value.length, 'TLV length').octets(value);
}

function decodeValue(name: string, def: TlvDefinition, value: Buffer): unknown {
  const wrongLength = () => new BodyError(CommandStatus.ESME_RINVPARLEN, `${name}: ${value.length} octet(s) is not a valid length`);
  switch (def.kind.type) {
    case 'u8':
      if (value.length !== 1) throw wrongLength();
      return value.readUInt8(0);
    case 'u16':
      if (value.length !== 2) throw wrongLength();
      return value.readUInt16BE(0);
    case 'u32':
      if (value.length !== 4) throw wrongLength();
      return value.readUInt32BE(0);
    case 'cString': {
      // The NUL ends the value; SMSCs that leave it out are read as if it were there.
      const end = value.indexOf(0);
      return value.toString('latin1', 0, end < 0 ? value.length : end);
    }
    case 'octets':
      return Buffer.from(value);
    case 'networkErrorCode': {
      if (value.length !== 3) throw wrongLength();
      const code: NetworkErrorCode = { networkType: value.readUInt8(0), errorCode: value.readUInt16BE(1) };
      return code;
    }
    case 'empty':
      if (value.length !== 0) throw wrongLength();
      return true;
  }
}

function encodeValue(name: string, def: TlvDefinition, value: unknown): Buffer {
  const field = `tlvs.${name}`;
  const int = (max: number): number => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
      throw new SmppEncodeError(field, `${String(value)} is not an integer in 0..${max}`);
    }
    return value;
  };
  switch (def.kind.type) {
    case 'u8':
      return Buffer.of(int(0xff));
    case 'u16': {
      const b = Buffer.alloc(2);
      b.writeUInt16BE(int(0xffff));
      return b;
    }
    case 'u32': {
      const b = Buffer.alloc(4);
      b.writeUInt32BE(int(0xffffffff));
      return b;
    }
    case 'cString': {
      if (typeof value !== 'string' || value.includes('\0') || /[^\u0001-\u00ff]/.test(value)) {
        throw new SmppEncodeError(field, 'must be an ASCII string without NUL');
      }
      if (value.length + 1 > def.kind.max) throw new SmppEncodeError(field, `at most ${def.kind.max - 1} characters`);
      return Buffer.from(`${value}\0`, 'latin1');
    }
    case 'octets': {
      if (!(value instanceof Uint8Array)) throw new SmppEncodeError(field, 'must be bytes');
      if (def.kind.max !== undefined && value.length > def.kind.max) throw new SmppEncodeError(field, `at most ${def.kind.max} octets`);
      return Buffer.from(value);
    }
    case 'networkErrorCode': {
      const v = value as NetworkErrorCode;
      const b = Buffer.alloc(3);
      if (!v || !Number.isInteger(v.networkType) || v.networkType < 0 || v.networkType > 0xff) throw new SmppEncodeError(`${field}.networkType`, 'is not an integer in 0..255');
      if (!Number.isInteger(v.errorCode) || v.errorCode < 0 || v.errorCode > 0xffff) throw new SmppEncodeError(`${field}.errorCode`, 'is not an integer in 0..65535');
      b.writeUInt8(v.networkType, 0);
      b.writeUInt16BE(v.errorCode, 1);
      return b;
    }
    case 'empty':
      return Buffer.alloc(0);
  }
}

function hex4(n: number): string {
  return n.toString(16).padStart(4, '0');
}
