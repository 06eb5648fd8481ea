import { decodeKeysetCursor, encodeKeysetCursor } from '@mp/paging';

/** The charges list's cursor: a keyset position (charge time, charge id). */
export interface ChargeCursor {
  chargedAt: Date;
  id: string;
}

const SCOPE = 'charge-cursor:v1';

export function encodeChargeCursor(cursor: ChargeCursor): string {
  return encodeKeysetCursor(SCOPE, { at: cursor.chargedAt.toISOString(), id: cursor.id });
}

/** The position, or undefined when the text is not a cursor this service issued. */
export function decodeChargeCursor(raw: string): ChargeCursor | undefined {
  const position = decodeKeysetCursor(SCOPE, raw);
  return position && { chargedAt: new Date(position.at), id: position.id };
}
