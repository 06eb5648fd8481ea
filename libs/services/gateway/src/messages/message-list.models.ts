import type { MessageResource } from './messages.models';

/** A page of messages, newest first; the same shape as the inbound lists. */
export interface MessageList {
  items: MessageResource[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}
