import { createHash } from 'node:crypto';

/** The SHA-256 of an import file's bytes, in lower-case hex, as the import result reports it (spec 2.7). */
export function sha256Hex(file: Uint8Array): string {
  return createHash('sha256').update(file).digest('hex');
}
