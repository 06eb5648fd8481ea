import { createHash } from 'node:crypto';

/**
 * The opaque page cursor of the charges list: base64url of
 * `<chargedAt ISO>|<chargeId>|<check>`, the keyset position of the last item
 * of the previous page and a short digest of it, so an edited cursor is
 * refused instead of silently moving the page.
 */
export interface ChargeCursor {
  chargedAt: Date;
  id: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const check = (at: string, id: string) => createHash('sha256').update(`charge-cursor:v1|${at}|${id}`).digest('base64url').slice(0, 10);

export function encodeChargeCursor(cursor: ChargeCursor): string {
  const at = cursor.chargedAt.toISOString();
  return Buffer.from(`${at}|${cursor.id}|${check(at, cursor.id)}`, 'utf8').toString('base64url');
}

/** The position, or undefined when the text is not a cursor this service issued. */
export function decodeChargeCursor(raw: string): ChargeCursor | undefined {
  if (!BASE64URL.test(raw) || raw.length > 200) return undefined;
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const parts = text.split('|');
  if (parts.length !== 3) return undefined;
  const [at, id, digest] = parts;
  if (!TIMESTAMP.test(at) || Number.isNaN(Date.parse(at)) || !UUID.test(id) || digest !== check(at, id)) return undefined;
  return { chargedAt: new Date(at), id };
}
