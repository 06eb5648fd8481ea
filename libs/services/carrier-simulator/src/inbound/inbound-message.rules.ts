import { describeE164Fault, e164Fault, isEmailAddress } from '@mp/addresses';
import { isUuid } from '@mp/grpc';
import { FieldErrors } from '@mp/problems';

/** The channels a recipient can answer on (spec 2.3). */
export const INBOUND_CHANNELS = ['Sms', 'WhatsApp', 'Email'] as const;
export type InboundChannel = (typeof INBOUND_CHANNELS)[number];

/** The longest sandbox inbound body: ten concatenated SMS segments' worth. */
export const MAX_INBOUND_BODY_LENGTH = 1600;

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

/** Why `value` is not an address of the channel by the platform's rules (@mp/addresses), or undefined. */
function addressProblem(field: string, channel: InboundChannel, value: string): string | undefined {
  if (channel === 'Email') return isEmailAddress(value) ? undefined : `${field} must be an email address.`;
  const fault = e164Fault(value);
  if (fault === undefined) return undefined;
  return fault === 'format' ? `${field} must be an E.164 number (+ and up to 15 digits).` : `${field} ${describeE164Fault(fault)}.`;
}

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
    else if (channel) {
      const problem = addressProblem(field, channel, value);
      if (problem) errors.add(field, problem);
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
