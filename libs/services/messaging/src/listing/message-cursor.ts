import { decodeKeysetCursor, encodeKeysetCursor } from '@mp/paging';

/**
 * The message list's cursor: a keyset position bound to the list it came
 * from (account, subaccount scope and filters; see listIdentity).
 */
export interface MessageCursor {
  /** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, as the database stores it. */
  createdAt: string;
  messageId: string;
}

const scopeOf = (list: string) => `messages-cursor:v1|${list}`;

export function encodeMessageCursor(list: string, cursor: MessageCursor): string {
  return encodeKeysetCursor(scopeOf(list), { at: cursor.createdAt, id: cursor.messageId });
}

/** The position, or undefined when the text is not a cursor issued for this very list. */
export function decodeMessageCursor(list: string, raw: string): MessageCursor | undefined {
  const position = decodeKeysetCursor(scopeOf(list), raw);
  return position && { createdAt: position.at, messageId: position.id };
}
