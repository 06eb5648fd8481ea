import { messageStateOfStat } from './message-state';

/** A YYMMDDhhmm[ss] receipt date as written (the SMSC's local time; no zone is given). */
export interface ReceiptDate {
  raw: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 when the SMSC wrote 10 digits. */
  second: number;
}

export interface ReceiptText {
  id: string;
  /** Upper-cased: DELIVRD, UNDELIV, ACCEPTD, ... */
  stat: string;
  /** message_state for stat, when stat is one SMPP defines. */
  messageState: number | undefined;
  sub: number | undefined;
  dlvrd: number | undefined;
  submitDate: ReceiptDate | undefined;
  doneDate: ReceiptDate | undefined;
  /** As written (decimal or hex, vendor-specific). */
  err: string | undefined;
  text: string | undefined;
}

export type ReceiptTextResult = { ok: true; receipt: ReceiptText } | { ok: false; reason: string };

// A key starts the text or follows whitespace; `submit date` is also seen as `submit_date`.
const KEY = /(?:^|\s)(id|sub|dlvrd|submit[ _]?date|done[ _]?date|stat|err|text)\s*:/gi;

/**
 * The text form of a delivery receipt (SMPP 3.4 Appendix B, vendor-specific):
 * `id:… sub:… dlvrd:… submit date:… done date:… stat:… err:… text:…`, read
 * leniently (any case, any order, fields missing, 10- or 12-digit dates,
 * `text:` running to the end). A receipt needs at least `id` and `stat`.
 */
export function parseReceiptText(input: string): ReceiptTextResult {
  if (typeof input !== 'string') return { ok: false, reason: 'not text' };
  const found = new Map<string, string>();
  const matches = [...input.matchAll(KEY)];
  for (let i = 0; i < matches.length; i++) {
    const key = matches[i][1].toLowerCase().replace(/[ _]/, '');
    const start = matches[i].index! + matches[i][0].length;
    if (key === 'text') {
      if (!found.has(key)) found.set(key, input.slice(start));
      break; // whatever follows is the message's own text, keys and all
    }
    const end = i + 1 < matches.length ? matches[i + 1].index! : input.length;
    if (!found.has(key)) found.set(key, input.slice(start, end).trim());
  }
  const id = found.get('id');
  const stat = found.get('stat')?.toUpperCase();
  if (!id) return { ok: false, reason: found.size === 0 ? 'no receipt fields (id:, stat:)' : 'no id: value' };
  if (!stat) return { ok: false, reason: 'no stat: value' };
  return {
    ok: true,
    receipt: {
      id,
      stat,
      messageState: messageStateOfStat(stat),
      sub: count(found.get('sub')),
      dlvrd: count(found.get('dlvrd')),
      submitDate: date(found.get('submitdate')),
      doneDate: date(found.get('donedate')),
      err: found.get('err') || undefined,
      text: found.get('text'),
    },
  };
}

function count(value: string | undefined): number | undefined {
  return value !== undefined && /^\d{1,10}$/.test(value) ? Number(value) : undefined;
}

function date(value: string | undefined): ReceiptDate | undefined {
  const m = value?.match(/^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)?$/);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [2000 + Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  return { raw: value!, year, month, day, hour, minute, second };
}
