import type { HttpAnswer } from '@mp/service-host';
import type { CarrierOutcome } from '../carrier.port';
import type { Misconfiguration } from './misconfiguration-alarm';
import { twilioVerdict } from './twilio-errors';

/** An answer's outcome, and Twilio's words when they say the connection itself is misconfigured. */
export interface AnswerReading {
  outcome: CarrierOutcome;
  misconfigured?: Misconfiguration;
  /** A 2xx that is not a Message resource: Twilio may have created the message. */
  acceptedWithoutSid?: boolean;
}

/** Enough of Twilio's (or a proxy's) words for a reason; the rest is noise in a log line. */
const MAX_SAID = 300;

/**
 * Reads Twilio's answer to a Messages create (CARRIERS.md 3.1, 3.3): 2xx with
 * the Message's `sid` is accepted; a REST error `{code, message, more_info,
 * status}` goes by its code, then its HTTP status (twilio-errors.ts). `scrub`
 * masks the auth token in every word that is kept.
 */
export function readAnswer(answer: HttpAnswer, scrub: (text: string) => string): AnswerReading {
  const text = answer.body.toString('utf8');
  const body = readJsonObject(text);
  if (answer.status >= 200 && answer.status < 300) {
    const sid = body?.sid;
    if (typeof sid === 'string' && sid !== '') return { outcome: { kind: 'accepted', carrierMessageId: sid } };
    // Without the sid no status callback can be matched; Twilio's document gives every 201 one, so this is not Twilio talking.
    return { outcome: { kind: 'transient', reason: `Twilio answered HTTP ${answer.status} without a message sid` }, acceptedWithoutSid: true };
  }
  const code = codeOf(body?.code);
  const message = typeof body?.message === 'string' ? body.message : undefined;
  const said = clip(scrub(body ? [code, message].filter((v) => v !== undefined).join(' ') : `not a Twilio error: ${pageTitle(text)}`));
  const where = `HTTP ${answer.status}${said ? ` (${said})` : ''}`;
  switch (twilioVerdict(answer.status, code)) {
    case 'rejected':
      return { outcome: { kind: 'rejected', code: String(code), message: clip(scrub(message ?? 'Twilio refused the message')) } };
    case 'configuration':
      return {
        outcome: { kind: 'transient', reason: `Twilio refuses the connection's configuration: ${where}` },
        misconfigured: { status: answer.status, ...(code === undefined ? {} : { code }), said },
      };
    case 'invalid':
      return { outcome: { kind: 'invalid', reason: `Twilio cannot take the request: ${where}` } };
    case 'transient':
      return { outcome: { kind: 'transient', reason: `Twilio answered ${where}` } };
  }
}

function readJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Twilio sends a number; a string of digits is read the same. */
function codeOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return undefined;
}

/** A proxy's error page says what it is in its title; otherwise its first words. */
function pageTitle(text: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
  const words = (title ?? text.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
  return words === '' ? 'empty answer' : words;
}

function clip(text: string): string {
  return text.length <= MAX_SAID ? text : `${text.slice(0, MAX_SAID - 1)}…`;
}
