/**
 * Reading one cell of an import row: each reader returns the value, or
 * undefined after adding to `reasons` why the row is invalid (naming the
 * column). Identifiers are trimmed; free text is kept as written.
 *
 * The address rules are the ones POST .../opt-out applies (E.164 for Sms and
 * WhatsApp, an e-mail address in lower case for Email; DECISIONS "Messages"),
 * so an imported opt-out matches one recorded through the API: the
 * platform's one rule for each (@mp/addresses), worded for a column.
 */
import { isEmailAddress } from '@mp/addresses';
import { phoneNumberProblem } from '../opt-outs/consent-fields.rules';
import { CHANNELS, type Channel } from '../opt-outs/opt-out';

export const IMPORT_CHANNELS = CHANNELS;
export type ImportChannel = Channel;

// UTC only: a date, a time to the minute or second with an optional fraction, and Z (no offsets).
const UTC_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?Z$/i;

const characters = (value: string) => [...value].length;

/** Sms, WhatsApp or Email in any case, answered in the canonical case. */
export function readChannelCell(reasons: string[], column: string, cell: string): ImportChannel | undefined {
  const wanted = cell.trim().toLowerCase();
  const channel = IMPORT_CHANNELS.find((name) => name.toLowerCase() === wanted);
  if (channel) return channel;
  reasons.push(wanted === '' ? `${column} is required: one of ${IMPORT_CHANNELS.join(', ')}` : `${column} must be one of ${IMPORT_CHANNELS.join(', ')}`);
  return undefined;
}

/** An E.164 number, trimmed. */
export function readPhoneNumberCell(reasons: string[], column: string, cell: string): string | undefined {
  const number = cell.trim();
  if (number === '') reasons.push(`${column} is required`);
  else {
    const problem = phoneNumberProblem(number, 'must be an E.164 number (such as +14155550100)');
    if (!problem) return number;
    reasons.push(`${column} ${problem}`);
  }
  return undefined;
}

/** A recipient of the channel, canonical; with no valid channel only its presence is checked (the channel's reason explains). */
export function readRecipientCell(reasons: string[], column: string, cell: string, channel: ImportChannel | undefined): string | undefined {
  const trimmed = cell.trim();
  if (trimmed === '') {
    reasons.push(`${column} is required`);
    return undefined;
  }
  if (channel === undefined) return undefined;
  if (channel !== 'Email') {
    const problem = phoneNumberProblem(trimmed, `must be an E.164 number (such as +14155550100) for ${channel}`);
    if (!problem) return trimmed;
    reasons.push(`${column} ${problem}`);
    return undefined;
  }
  const address = trimmed.toLowerCase();
  if (isEmailAddress(address)) return address;
  reasons.push(`${column} must be an email address for Email`);
  return undefined;
}

/** Optional free text of at most `max` characters, kept as written; a blank cell is null. */
export function readOptionalTextCell(reasons: string[], column: string, cell: string, max: number): string | null {
  if (cell.trim() === '') return null;
  if (characters(cell) > max) reasons.push(`${column} must be at most ${max} characters`);
  return cell;
}

/** Optional code (such as a language tag) of at most `max` characters, trimmed; a blank cell is null. */
export function readOptionalCodeCell(reasons: string[], column: string, cell: string, max: number): string | null {
  const code = cell.trim();
  if (code === '') return null;
  if (characters(code) > max) reasons.push(`${column} must be at most ${max} characters`);
  return code;
}

/** A UTC time in ISO 8601 ending in Z, not after `now` (spec 2.7: a consent date cannot be in the future); milliseconds kept, finer digits dropped. */
export function readPastUtcTimeCell(reasons: string[], column: string, cell: string, now: Date): Date | undefined {
  const text = cell.trim();
  if (text === '') {
    reasons.push(`${column} is required`);
    return undefined;
  }
  const parts = UTC_TIME.exec(text);
  if (!parts) {
    reasons.push(`${column} must be a UTC time in ISO 8601 ending in Z (such as 2026-01-31T09:30:00Z)`);
    return undefined;
  }
  const [year, month, day, hour, minute] = parts.slice(1, 6).map(Number);
  const second = Number(parts[6] ?? 0);
  const millisecond = Number(`${parts[7] ?? ''}000`.slice(0, 3));
  const time = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millisecond));
  time.setUTCFullYear(year); // Date.UTC reads years 0-99 as 1900-1999
  // Date.UTC rolls 2026-02-30 over into March and 24:00 into the next day: a changed part means it was not real.
  const real =
    time.getUTCFullYear() === year &&
    time.getUTCMonth() === month - 1 &&
    time.getUTCDate() === day &&
    time.getUTCHours() === hour &&
    time.getUTCMinutes() === minute &&
    time.getUTCSeconds() === second;
  if (!real) {
    reasons.push(`${column} is not a real date and time`);
    return undefined;
  }
  // ISO 8601 has a year 0000; PostgreSQL's timestamps start at year 1.
  if (year < 1) {
    reasons.push(`${column} must be in year 0001 or later`);
    return undefined;
  }
  if (time.getTime() > now.getTime()) {
    reasons.push(`${column} must not be in the future`);
    return undefined;
  }
  return time;
}
