import { decodeKeysetCursor, encodeKeysetCursor } from '@mp/paging';

/**
 * The inbound list's cursor: the keyset position (@mp/paging) of the last
 * reply of the previous page, bound to the list it came from (account and
 * subaccount scope), so a cursor taken to another list is refused.
 */
export interface InboundCursor {
  /** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, as the database stores it (microseconds). */
  receivedAt: string;
  inboundMessageId: string;
}

const scopeOf = (list: string) => `inbound-cursor:v2|${list}`;

/** Which list a cursor belongs to: the account and the subaccount scope. */
export const inboundListIdentity = (accountId: string, subaccountId: string | undefined) => `${accountId}|${subaccountId ?? '*'}`;

export function encodeCursor(list: string, cursor: InboundCursor): string {
  return encodeKeysetCursor(scopeOf(list), { at: cursor.receivedAt, id: cursor.inboundMessageId });
}

/** The position, or undefined when the text is not a cursor issued for this list. */
export function decodeCursor(list: string, raw: string): InboundCursor | undefined {
  const position = decodeKeysetCursor(scopeOf(list), raw);
  return position && { receivedAt: position.at, inboundMessageId: position.id };
}
