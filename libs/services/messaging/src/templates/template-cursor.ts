import { decodeKeysetCursor, encodeKeysetCursor } from '@mp/paging';

/** The template list's cursor: a keyset position bound to the account whose list it came from. */
export interface TemplateCursor {
  /** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, as the database stores it. */
  createdAt: string;
  templateId: string;
}

const scopeOf = (accountId: string) => `templates-cursor:v1|${accountId}`;

export function encodeTemplateCursor(accountId: string, cursor: TemplateCursor): string {
  return encodeKeysetCursor(scopeOf(accountId), { at: cursor.createdAt, id: cursor.templateId });
}

/** The position, or undefined when the text is not a cursor issued for this account's list. */
export function decodeTemplateCursor(accountId: string, raw: string): TemplateCursor | undefined {
  const position = decodeKeysetCursor(scopeOf(accountId), raw);
  return position && { createdAt: position.at, templateId: position.id };
}
