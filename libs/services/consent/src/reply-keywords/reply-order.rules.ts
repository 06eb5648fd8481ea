/** Where a keyword reply stands against the latest STOP or START recorded on its number. */
export type ReplyOrder = 'older' | 'same' | 'newer';

/**
 * Spec 4.3 rule 3 by the recipient's own order: replies are compared by when
 * the carrier received them, since they can be processed in another order.
 * Without a time on either side there is no order to keep but processing's:
 * a reply without one is 'same', anything against an entry without one 'newer'.
 */
export function replyOrder(receivedAt: Date | null, latestAt: Date | null | undefined): ReplyOrder {
  if (!receivedAt) return 'same';
  if (!latestAt) return 'newer';
  const difference = receivedAt.getTime() - latestAt.getTime();
  if (difference < 0) return 'older';
  return difference === 0 ? 'same' : 'newer';
}
