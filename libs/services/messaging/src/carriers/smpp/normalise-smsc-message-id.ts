import type { ID_FORMATS } from '@mp/carrier-connections';

export type IdFormat = (typeof ID_FORMATS)[number];

/**
 * The key under which a submit_sm_resp's message_id and a receipt's id meet
 * (CARRIERS.md §1.5: Vonage answers submits in hex and reports receipts in
 * decimal; Jasmin misses `0e999f21` against `E999F21`). A submit_sm_resp id is
 * read by the connection's `idFormat`: `hex-to-dec` converts it from hex to
 * decimal (receipts come in decimal), `dec-to-hex` from decimal to hex,
 * `as-is` keeps it; a receipt's id is always read `as-is`. Then case and
 * leading zeros are dropped (`0`, not the empty string, for an all-zero id).
 * An id that is not a number in the base `idFormat` says is kept as-is (the
 * lookup misses and is logged; it never throws).
 */
export function normaliseSmscMessageId(id: string, idFormat: IdFormat): string {
  const trimmed = id.trim();
  const converted = idFormat === 'hex-to-dec' ? convert(trimmed, 16, 10) : idFormat === 'dec-to-hex' ? convert(trimmed, 10, 16) : trimmed;
  return (converted ?? trimmed).toUpperCase().replace(/^0+(?=.)/, '');
}

function convert(id: string, from: 16 | 10, to: 16 | 10): string | undefined {
  const digits = from === 16 ? /^(?:0x)?[0-9a-f]+$/i : /^[0-9]+$/;
  if (!digits.test(id)) return undefined;
  // BigInt: SMSC ids run to 64 characters, past Number's 2^53.
  const value = BigInt(from === 16 ? (id.toLowerCase().startsWith('0x') ? id : `0x${id}`) : id);
  return value.toString(to);
}
