/** The body of `POST /carrier/v1/messages` (service-contracts "Carrier API"). */
export interface CarrierSubmission {
  /** `<messageId>:<attempt>`; the idempotency key. */
  reference: string;
  accountId: string;
  channel: string;
  from: string;
  to: string;
  body: string;
}

const REQUIRED_TEXT = ['reference', 'accountId', 'channel', 'from', 'to'] as const;
const MAX_FIELD_LENGTH = 320;
// Generous: a long concatenated SMS or a WhatsApp text, well under any body limit.
const MAX_BODY_LENGTH = 65_536;

export type SubmissionCheck = { ok: true; submission: CarrierSubmission } | { ok: false; errors: Record<string, string[]> };

/** Checks the shape a real carrier would insist on; the simulator does not judge content. */
export function checkSubmission(body: unknown): SubmissionCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, errors: { body: ['The body must be a JSON object.'] } };
  }
  const input = body as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  for (const field of REQUIRED_TEXT) {
    const value = input[field];
    if (typeof value !== 'string' || value.trim() === '') errors[field] = [`${field} is required.`];
    else if (value.length > MAX_FIELD_LENGTH) errors[field] = [`${field} must be at most ${MAX_FIELD_LENGTH} characters.`];
  }
  if (typeof input.body !== 'string') errors.body = ['body must be a string.'];
  else if (input.body.length > MAX_BODY_LENGTH) errors.body = [`body must be at most ${MAX_BODY_LENGTH} characters.`];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    submission: {
      reference: (input.reference as string).trim(),
      accountId: input.accountId as string,
      channel: input.channel as string,
      from: input.from as string,
      to: (input.to as string).trim(),
      body: input.body as string,
    },
  };
}
