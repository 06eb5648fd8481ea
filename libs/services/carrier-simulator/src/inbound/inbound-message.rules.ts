import { isUuid } from '@mp/grpc';
import { FieldErrors } from '@mp/problems';

/** The channels a recipient can answer on (spec 2.3). */
export const INBOUND_CHANNELS = ['Sms', 'WhatsApp', 'Email'] as const;
export type InboundChannel = (typeof INBOUND_CHANNELS)[number];

/** The longest sandbox inbound body: ten concatenated SMS segments' worth. */
export const MAX_INBOUND_BODY_LENGTH = 1600;
const E164 = /^\+[1-9]\d{7,14}$/;
// Loose on purpose: the simulator only needs something shaped like an address.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
const MAX_EMAIL_LENGTH = 254;

/** The carrier message ids each simulated carrier hands out, as for submissions. */
export const CARRIER_MESSAGE_ID_PREFIX: Record<InboundChannel, string> = { Sms: 'sim-', WhatsApp: 'wamid.', Email: 'email-' };

export interface InboundRequest {
  channelType: string;
  from: string;
  to: string;
  body: string;
  quotedMessageId?: string;
}

/** A request that passed: the channel known, addresses trimmed. */
export type CheckedInbound = Omit<InboundRequest, 'channelType'> & { channel: InboundChannel };

export function isInboundChannel(value: string): value is InboundChannel {
  return (INBOUND_CHANNELS as readonly string[]).includes(value);
}

const isAddressOf = (channel: InboundChannel, value: string) =>
  channel === 'Email' ? value.length <= MAX_EMAIL_LENGTH && EMAIL.test(value) : E164.test(value);

/** Whether a number's address is `address`: email addresses without regard to case, numbers exactly. */
export function isSameAddress(channel: InboundChannel, numberAddress: string, address: string): boolean {
  return channel === 'Email' ? numberAddress.toLowerCase() === address.toLowerCase() : numberAddress === address;
}

/**
 * Checks a sandbox inbound request; throws VALIDATION_FAILED naming every bad
 * field. Addresses are trimmed; the body is kept as written (length counted
 * in characters, i.e. code points).
 */
export function checkInbound(input: InboundRequest): CheckedInbound {
  const errors = new FieldErrors();
  const channel = isInboundChannel(input.channelType) ? input.channelType : undefined;
  if (!channel) errors.add('channelType', `channelType must be one of ${INBOUND_CHANNELS.join(', ')}.`);
  const from = input.from.trim();
  const to = input.to.trim();
  for (const [field, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (value === '') errors.add(field, `${field} is required.`);
    else if (channel && !isAddressOf(channel, value)) {
      errors.add(field, channel === 'Email' ? `${field} must be an email address.` : `${field} must be an E.164 number (+ and 8 to 15 digits).`);
    }
  }
  const length = [...input.body].length;
  if (input.body.trim() === '') errors.add('body', 'body is required.');
  else if (length > MAX_INBOUND_BODY_LENGTH) errors.add('body', `body must be at most ${MAX_INBOUND_BODY_LENGTH} characters.`);
  const quoted = input.quotedMessageId;
  if (quoted !== undefined) {
    if (channel && channel !== 'WhatsApp') errors.add('quotedMessageId', 'quotedMessageId is only for WhatsApp.');
    else if (!isUuid(quoted)) errors.add('quotedMessageId', 'quotedMessageId must be a message id (a UUID).');
  }
  errors.throwIfAny();
  return { channel: channel!, from, to, body: input.body, quotedMessageId: quoted };
}
