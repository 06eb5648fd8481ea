import { createHash } from 'node:crypto';

/**
 * The one opaque page cursor of the keyset lists (messages, charges, inbound
 * messages): base64url of `<at>|<id>|<check>`, the position of the last item of the
 * previous page. The check digests the position with the `scope` the cursor
 * was issued for (which list, and for the message list its account and
 * filters), so an edited cursor, or one taken to another list, is refused as
 * invalid instead of silently moving the page. It is not a secret: every query
 * is limited to the caller's own rows anyway.
 */
export interface KeysetPosition {
  /** A UTC timestamp with milliseconds or microseconds, as the list orders by it. */
  at: string;
  id: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.(\d{3}|\d{6})Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_LENGTH = 200;

const check = (scope: string, at: string, id: string) => createHash('sha256').update(`${scope}|${at}|${id}`).digest('base64url').slice(0, 16);

export function encodeKeysetCursor(scope: string, { at, id }: KeysetPosition): string {
  return Buffer.from(`${at}|${id}|${check(scope, at, id)}`, 'utf8').toString('base64url');
}

/** What a list answers, field `cursor`, when decodeKeysetCursor refuses the text. */
export const INVALID_CURSOR = 'is not a valid cursor for this list';

/** The position, or undefined when the text is not a cursor issued for this scope. */
export function decodeKeysetCursor(scope: string, raw: string): KeysetPosition | undefined {
  if (raw.length > MAX_LENGTH || !BASE64URL.test(raw)) return undefined;
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  if (Buffer.from(text, 'utf8').toString('base64url') !== raw) return undefined;
  const parts = text.split('|');
  if (parts.length !== 3) return undefined;
  const [at, id, digest] = parts;
  if (!TIMESTAMP.test(at) || Number.isNaN(Date.parse(at)) || !UUID.test(id)) return undefined;
  if (digest !== check(scope, at, id)) return undefined;
  return { at, id };
}
