import { AnswerTooLargeError, httpPost, type HttpAnswer } from '@mp/service-host';
import { SMS_CARRIER_PATH } from '@mp/carrier-connections';
import { currentTraceparent } from '@mp/telemetry';
import type { CarrierAdapter, CarrierOutcome, CarrierSubmission } from './carrier.port';

export interface HttpCarrierOptions {
  /** CARRIER_API_URL, without a trailing slash. */
  baseUrl: string;
  apiKey?: string;
  /** The submission path; `/carrier/v1/messages` (the SMS carrier) unless given. */
  path?: string;
  /** Beyond this the answer is treated as lost and the submission retried (same reference). */
  timeoutMs?: number;
}

export const DEFAULT_CARRIER_TIMEOUT_MS = 10_000;

function readJson(response: HttpAnswer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(response.body.toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A 4xx that says our request itself is wrong. 401/403 (credentials, fixed by
 * configuration), 408 and 429 (timing) are worth retrying; the others are not.
 */
function isMalformedRequest(status: number): boolean {
  return status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);
}

function classify(response: HttpAnswer): CarrierOutcome {
  if (response.status === 201) {
    const body = readJson(response);
    const id = body?.carrierMessageId;
    // An acceptance without an id cannot be matched to receipts; asking again
    // with the same reference is safe and gets the id.
    if (typeof id !== 'string' || id === '') return { kind: 'transient', reason: 'carrier answered 201 without carrierMessageId' };
    return { kind: 'accepted', carrierMessageId: id };
  }
  if (response.status === 422) {
    const error = readJson(response)?.error as { code?: unknown; message?: unknown } | undefined;
    return {
      kind: 'rejected',
      code: typeof error?.code === 'string' ? error.code : 'rejected',
      message: typeof error?.message === 'string' && error.message !== '' ? error.message : 'carrier refused the message',
    };
  }
  if (isMalformedRequest(response.status)) {
    const error = readJson(response)?.error as { code?: unknown; message?: unknown } | undefined;
    const said = [error?.code, error?.message].filter((v): v is string => typeof v === 'string' && v !== '').join(': ');
    return { kind: 'invalid', reason: `carrier answered HTTP ${response.status}${said ? ` (${said})` : ''}` };
  }
  return { kind: 'transient', reason: `carrier answered HTTP ${response.status}` };
}

/** The carrier HTTP API of service-contracts "Carrier API": 201 accepted, 422 refused, anything else transient. */
export class HttpCarrierAdapter implements CarrierAdapter {
  private readonly endpoint: string;

  constructor(private readonly options: HttpCarrierOptions) {
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}${options.path ?? SMS_CARRIER_PATH}`;
  }

  async submit(submission: CarrierSubmission): Promise<CarrierOutcome> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    // The message's trace goes on to the carrier (and comes back with its receipt when the carrier keeps it).
    const traceparent = currentTraceparent();
    if (traceparent) headers.traceparent = traceparent;
    let response: HttpAnswer;
    try {
      response = await httpPost(this.endpoint, {
        headers,
        body: JSON.stringify(submission),
        timeoutMs: this.options.timeoutMs ?? DEFAULT_CARRIER_TIMEOUT_MS,
      });
    } catch (error) {
      // Checked by name: the error of a timeout, whichever client made it.
      const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
      if (timedOut) return { kind: 'transient', reason: 'carrier did not answer in time' };
      // Read no further than the cap: retried like a lost answer (the reference keeps a resubmission single).
      if (error instanceof AnswerTooLargeError) return { kind: 'transient', reason: `carrier answer larger than ${error.maxBytes} bytes: refused`, error };
      return { kind: 'transient', reason: `carrier unreachable (${describe(error)})`, error };
    }
    return classify(response);
  }
}

function describe(error: unknown): string {
  const message = (value: unknown) => (value as { message?: unknown } | null)?.message;
  const text = typeof message(error) === 'string' ? (message(error) as string) : String(error);
  const cause = message((error as { cause?: unknown } | null)?.cause);
  return typeof cause === 'string' ? `${text}: ${cause}` : text;
}
