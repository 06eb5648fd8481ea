import type { CarrierOutcome } from '../carrier.port';

/** Meta's error answer (CARRIERS.md 2.1): logic goes on `code` (and `details`), never on titles. */
export interface CloudError {
  code?: number;
  message?: string;
  type?: string;
  details?: string;
  fbtraceId?: string;
}

/** The `rejected.code` of 131047: the message must go again as a template (Meta's number stays in the message). */
export const TEMPLATE_REQUIRED = 'TEMPLATE_REQUIRED';

/**
 * How loudly an error is logged. `operator`: the connection cannot send at all
 * until someone acts (its token, its payment method), so the line is an error
 * an alert fires on. `quality`: Meta is limiting the number for spam or policy.
 */
export type CloudErrorAlert = 'operator' | 'quality';

export interface CloudErrorVerdict {
  outcome: CarrierOutcome;
  alert?: CloudErrorAlert;
}

// Codes from Meta's error-codes page (CARRIERS.md 2.2).
/** Throughput, pair rate, number upgrade, unknown or overloaded: Meta may take the same message later. */
const TRANSIENT = new Set([130429, 131056, 131057, 131000, 1, 2, 4, 80007]);
/**
 * Of those, the limits on the sending number itself (throughput, the number being upgraded): its connection
 * pauses at once. 131056 (too many to one recipient) waits with the message alone, by dispatch's back-off.
 */
const THROTTLED = new Set([130429, 131057]);
/** Meta refuses this message for its recipient: undeliverable, spam limit, marketing limit, policy block. */
const REJECTED = new Set([131026, 131048, 131049, 368]);
/** Meta cannot read our request (a parameter, or a template's name or parameters): the same request fails again. */
const INVALID = new Set([100, 131008, 132000, 132001]);
/** The access token is expired or revoked (0, 190) or the account cannot pay (131042): nothing sends until fixed. */
const OPERATOR = new Set([0, 190, 131042]);
/** Limits on the number's quality an operator watches (CARRIERS.md 2.2 "rejected + alert"). */
const QUALITY = new Set([131048, 368]);

/**
 * What an HTTP error answer from the Cloud API means for the message. A code
 * not named here goes by its status: a 5xx is Meta's trouble (transient),
 * 401/403/408/429 are credentials or timing (transient, as for every carrier
 * here), any other 4xx says our request is wrong (invalid).
 */
export function cloudErrorOutcome(status: number, error: CloudError): CloudErrorVerdict {
  const code = error.code;
  const said = describe(error);
  if (code === 131047) {
    return { outcome: { kind: 'rejected', code: TEMPLATE_REQUIRED, message: `outside the 24-hour window, a template is needed (${said})` } };
  }
  if (code !== undefined && OPERATOR.has(code)) {
    return { outcome: { kind: 'transient', reason: `WhatsApp Cloud API refused the connection (${said})` }, alert: 'operator' };
  }
  if (code !== undefined && REJECTED.has(code)) {
    return { outcome: { kind: 'rejected', code: String(code), message: said }, ...(QUALITY.has(code) ? { alert: 'quality' as const } : {}) };
  }
  if (code !== undefined && INVALID.has(code)) return { outcome: { kind: 'invalid', reason: `WhatsApp Cloud API cannot read the request (${said})` } };
  if ((code !== undefined && TRANSIENT.has(code)) || !isMalformedRequest(status)) {
    const throttled = code !== undefined && THROTTLED.has(code);
    return { outcome: { kind: 'transient', reason: `WhatsApp Cloud API answered HTTP ${status} (${said})`, ...(throttled ? { throttled: true as const } : {}) } };
  }
  return { outcome: { kind: 'invalid', reason: `WhatsApp Cloud API answered HTTP ${status} (${said})` } };
}

function isMalformedRequest(status: number): boolean {
  return status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);
}

/** `131047: Re-engagement message (More than 24 hours …) fbtrace_id …`: Meta's number first, as operators search for it. */
function describe(error: CloudError): string {
  const parts = [error.code !== undefined ? String(error.code) : 'no code', error.message, error.details].filter((p): p is string => !!p);
  const text = [...new Set(parts)].join(': ');
  return error.fbtraceId ? `${text}; fbtrace_id ${error.fbtraceId}` : text;
}
