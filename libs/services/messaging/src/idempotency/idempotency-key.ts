import { createHash } from 'node:crypto';
import type { messagingV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';

/** How long a key names its first send, by the sandbox clock (Stripe keeps keys for 24 hours too). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** The header as it names the error field. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

// Printable ASCII (space to tilde): what a header value can carry unambiguously.
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** A send's claim on a key: the account it is scoped to and what the request was. */
export interface IdempotentSend {
  accountId: string;
  key: string;
  fingerprint: string;
}

/**
 * The send's Idempotency-Key, or undefined when none was sent (then the send
 * is not idempotent, as spec 4.2 says). Keys are scoped to the account: the
 * account route and the subaccount routes share them, and the subaccount
 * is part of the request the key stands for.
 */
export function idempotentSendOf(
  request: messagingV1.SendMessageRequest,
  subaccountId: string | undefined,
): IdempotentSend | undefined {
  const key = request.idempotencyKey;
  if (key === undefined) return undefined;
  if (key.length < 1 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !PRINTABLE_ASCII.test(key)) {
    throw DomainError.validation(
      { [IDEMPOTENCY_HEADER]: [`must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters`] },
      `Invalid ${IDEMPOTENCY_HEADER} header.`,
    );
  }
  return { accountId: request.accountId, key, fingerprint: fingerprintOf(request, subaccountId) };
}

/**
 * sha256 of the request's fields as sent (not as normalised), with the
 * subaccount it sends through: the account route naming a subaccount and that
 * subaccount's route are the same request.
 */
export function fingerprintOf(request: messagingV1.SendMessageRequest, subaccountId: string | undefined): string {
  const parameters = Object.keys(request.templateParameters ?? {})
    .sort()
    .map((name) => [name, request.templateParameters[name]]);
  const fields = [
    subaccountId ?? null,
    request.channelType ?? null,
    request.destination ?? null,
    request.to ?? null,
    request.body ?? null,
    request.templateId ?? null,
    parameters,
    request.messageType ?? null,
    request.actor ?? null,
    request.clientReference ?? null,
    request.externalId ?? null,
    request.sendAt ?? null,
    request.expiresAt ?? null,
    request.priority ?? null,
    // Only when sent: the keys of requests from before the field existed keep their fingerprints.
    ...(request.inReplyToInboundMessageId !== undefined ? [{ inReplyToInboundMessageId: request.inReplyToInboundMessageId }] : []),
  ];
  return createHash('sha256').update(JSON.stringify(['send-message:v1', ...fields])).digest('hex');
}
