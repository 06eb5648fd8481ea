import { randomUUID } from 'node:crypto';

/**
 * The wamids the fake hands out (its sends and its inbound messages): what tells
 * the callback queues that a receipt or an inbound message goes out as Meta's
 * webhook rather than as the `sim` carrier's callback (the old route's wamids
 * are `wamid.<uuid>`, never this).
 */
export const CLOUD_WAMID_PREFIX = 'wamid.cloud.';

export const isCloudMessageId = (carrierMessageId: string) => carrierMessageId.startsWith(CLOUD_WAMID_PREFIX);

const REFERENCE_PREFIX = 'cloud:';

/**
 * The reference a Cloud API send is filed under. Meta's request has no
 * idempotency key (every POST is a new message), so the fake makes one, and
 * puts the recipient's WhatsApp id in it: a status webhook names the
 * recipient, and is built from its receipt row alone (identical bytes on retry).
 */
export const cloudReference = (waId: string) => `${REFERENCE_PREFIX}${waId}:${randomUUID()}`;

/** The recipient's WhatsApp id in a reference made by cloudReference. */
export function recipientOfReference(reference: string): string {
  return reference.startsWith(REFERENCE_PREFIX) ? reference.slice(REFERENCE_PREFIX.length).split(':')[0] : '';
}

/** Meta's form of a number: its digits, no `+` (`wa_id`, `recipient_id`, `display_phone_number`). */
export const waIdOf = (number: string) => number.replace(/\D/g, '');
