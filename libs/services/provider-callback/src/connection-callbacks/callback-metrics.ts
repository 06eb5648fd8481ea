import { DomainError } from '@mp/problems';
import { counter } from '@mp/telemetry';

// Issue 29 point 8: per configured connection, so an attacker's made-up names cannot grow the label set.
const webhooks = counter(
  'carrier_connection_webhooks_total',
  "Requests to a connection's callback routes, by outcome: verified, bad-signature, bad-body, handshake, handshake-refused",
  ['connection', 'outcome'],
);

export type WebhookOutcome = 'verified' | 'bad-signature' | 'bad-body' | 'handshake' | 'handshake-refused';

const REFUSALS: Readonly<Record<string, WebhookOutcome>> = {
  FORBIDDEN: 'handshake-refused',
  UNAUTHORIZED: 'bad-signature',
  INVALID_INPUT: 'bad-body',
  PAYLOAD_TOO_LARGE: 'bad-body',
  NOT_FOUND: 'bad-body',
};

/** The outcome a callback's answer or refusal counts as; undefined for a fault of ours (the database down), which is no refusal. */
export function webhookOutcome(method: string, error?: unknown): WebhookOutcome | undefined {
  if (error === undefined) return method === 'GET' ? 'handshake' : 'verified';
  return error instanceof DomainError && Object.hasOwn(REFUSALS, error.code) ? REFUSALS[error.code] : undefined;
}

export function countWebhook(connection: string, outcome: WebhookOutcome | undefined): void {
  if (outcome) webhooks.inc({ connection, outcome });
}
