import { createHash } from 'node:crypto';
import type { PduOf } from '@mp/smpp';

/**
 * What identifies a deliver_sm across an SMSC's resends: every field and TLV
 * it carries except its sequence_number (a resend may take a new one).
 */
export function contentHashOf(pdu: PduOf<'deliver_sm'>): string {
  const { command: _command, sequenceNumber: _sequence, commandStatus: _status, ...fields } = pdu;
  const hash = createHash('sha256');
  hash.update(JSON.stringify(fields, (_key, value: unknown) => (isBufferJson(value) ? Buffer.from(value.data).toString('hex') : value)));
  return hash.digest('hex');
}

// JSON.stringify hands a replacer a Buffer already as { type: 'Buffer', data }.
function isBufferJson(value: unknown): value is { type: 'Buffer'; data: number[] } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'Buffer' && Array.isArray((value as { data?: unknown }).data);
}
