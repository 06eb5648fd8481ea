import { createHash } from 'node:crypto';

/**
 * The opaque page cursor of the inbound list: base64url of
 * `<receivedAt with microseconds>|<inboundMessageId>|<check>`, the keyset
 * position of the last item of the previous page plus a short digest of it,
 * so that an edited cursor is refused instead of silently moving the page.
 * (The digest is not a secret: a forged position could only page through the
 * caller's own list, which every query is filtered to anyway.)
 */
export interface InboundCursor {
  /** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, as the database stores it (microseconds). */
  receivedAt: string;
  inboundMessageId: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const check = (receivedAt: string, id: string) =>
  createHash('sha256').update(`inbound-cursor:v1|${receivedAt}|${id}`).digest('base64url').slice(0, 10);

export function encodeCursor(cursor: InboundCursor): string {
  const { receivedAt, inboundMessageId } = cursor;
  return Buffer.from(`${receivedAt}|${inboundMessageId}|${check(receivedAt, inboundMessageId)}`, 'utf8').toString('base64url');
}

/** The position, or undefined when the text is not a cursor this service issued. */
export function decodeCursor(raw: string): InboundCursor | undefined {
  if (!BASE64URL.test(raw) || raw.length > 200) return undefined;
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  if (Buffer.from(text, 'utf8').toString('base64url') !== raw) return undefined;
  const parts = text.split('|');
  if (parts.length !== 3) return undefined;
  const [receivedAt, inboundMessageId, digest] = parts;
  if (!TIMESTAMP.test(receivedAt) || Number.isNaN(Date.parse(receivedAt)) || !UUID.test(inboundMessageId)) return undefined;
  if (digest !== check(receivedAt, inboundMessageId)) return undefined;
  return { receivedAt, inboundMessageId };
}
