import { createHash } from 'node:crypto';

/**
 * The opaque page cursor of the message list: base64url of
 * `<createdAt with microseconds>|<messageId>|<check>`, the keyset position of
 * the last item of the previous page. The check digests the position together
 * with the list it came from (account, subaccount scope and filters), so an
 * edited cursor, or one taken to another account or another filter, is
 * refused as invalid instead of silently moving the page. (It is not a
 * secret: every query is limited to the caller's own messages anyway.)
 */
export interface MessageCursor {
  /** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, as the database stores it. */
  createdAt: string;
  messageId: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_LENGTH = 200;

const check = (list: string, createdAt: string, id: string) =>
  createHash('sha256').update(`messages-cursor:v1|${list}|${createdAt}|${id}`).digest('base64url').slice(0, 16);

/** `list` names the list the position belongs to (see listIdentity). */
export function encodeMessageCursor(list: string, cursor: MessageCursor): string {
  const { createdAt, messageId } = cursor;
  return Buffer.from(`${createdAt}|${messageId}|${check(list, createdAt, messageId)}`, 'utf8').toString('base64url');
}

/** The position, or undefined when the text is not a cursor issued for this very list. */
export function decodeMessageCursor(list: string, raw: string): MessageCursor | undefined {
  if (raw.length > MAX_LENGTH || !BASE64URL.test(raw)) return undefined;
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  if (Buffer.from(text, 'utf8').toString('base64url') !== raw) return undefined;
  const parts = text.split('|');
  if (parts.length !== 3) return undefined;
  const [createdAt, messageId, digest] = parts;
  if (!TIMESTAMP.test(createdAt) || Number.isNaN(Date.parse(createdAt)) || !UUID.test(messageId)) return undefined;
  if (digest !== check(list, createdAt, messageId)) return undefined;
  return { createdAt, messageId };
}
