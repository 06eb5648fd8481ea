import type { WebhookRefusalReason } from './whatsapp-webhook.types';

/** A refusal found deep in the body; caught once at the top so the parser never throws to its caller. */
export class Refused extends Error {
  constructor(
    readonly reason: WebhookRefusalReason,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** Meta's ids (wamids ~60 characters, phone number ids, WhatsApp ids): longer is not Meta's, and keeps derived event ids within the platform's 200. */
export const MAX_WEBHOOK_ID_LENGTH = 128;
// The latest Unix second that is still a four-digit year (9999-12-31T23:59:59Z).
const MAX_UNIX_SECONDS = 253_402_300_799;

export type Json = Record<string, unknown>;

const malformed = (path: string, what: string): never => {
  throw new Refused('malformed', `${path} must be ${what}.`);
};

export function objectAt(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) malformed(path, 'an object');
  return value as Json;
}

/** An array; `optional` lets a missing one (undefined) be empty. */
export function arrayAt(value: unknown, path: string, optional = false): unknown[] {
  if (value === undefined && optional) return [];
  if (!Array.isArray(value)) malformed(path, 'an array');
  return value as unknown[];
}

/** A non-empty string of at most `max` characters. */
export function textAt(value: unknown, path: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max) malformed(path, `a non-empty string of at most ${max} characters`);
  return value as string;
}

export const idAt = (value: unknown, path: string) => textAt(value, path, MAX_WEBHOOK_ID_LENGTH);

/** Meta's `timestamp`: Unix seconds, a string of digits (as documented) or an integer; as ISO 8601 UTC. */
export function timestampAt(value: unknown, path: string): string {
  const seconds = typeof value === 'string' && /^[0-9]{1,12}$/.test(value) ? Number(value) : typeof value === 'number' && Number.isInteger(value) ? value : NaN;
  if (!(seconds >= 0 && seconds <= MAX_UNIX_SECONDS)) malformed(path, 'Unix seconds');
  return new Date(seconds * 1000).toISOString();
}

/** `errors[]` of a status or a change: each with an integer `code`; the title kept when it is a string. */
export function errorsAt(value: unknown, path: string): Array<{ code: number; title?: string }> {
  return arrayAt(value, path, true).map((item, i) => {
    const error = objectAt(item, `${path}[${i}]`);
    if (!Number.isSafeInteger(error.code)) malformed(`${path}[${i}].code`, 'an integer');
    return { code: error.code as number, ...(typeof error.title === 'string' ? { title: error.title } : {}) };
  });
}
