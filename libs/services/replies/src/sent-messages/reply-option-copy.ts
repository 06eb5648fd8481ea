import type { messagingEvents } from '@mp/contracts';

/** A reply option as the message offered it (the copy MessageDispatched carries): key and aliases in upper case. */
export type ReplyOptionCopy = messagingEvents.MessageLifecycleEvent['replyOptions'][number];
