import type { Channel } from '../rules';

/** Longest body per channel, in characters (code points): SMS concatenation, WhatsApp text, email. */
export const MAX_BODY_LENGTH: Readonly<Record<Channel, number>> = { Sms: 1600, WhatsApp: 4096, Email: 100_000 };

export const MAX_EXTERNAL_ID_LENGTH = 128;
/** Not in the spec: a bound so a free-text label cannot grow without limit. */
export const MAX_ACTOR_LENGTH = 256;

/** spec 2.1: sendAt at least 60 seconds and at most 30 days ahead. */
export const MIN_SEND_AT_LEAD_MS = 60_000;
export const MAX_SEND_AT_LEAD_MS = 30 * 24 * 60 * 60_000;

export const MESSAGE_TYPES = ['Transactional', 'Marketing'] as const;
export const PRIORITIES = ['Normal', 'Urgent'] as const;

/** Code points, as a person counts characters (an emoji is one). */
export const characterLength = (value: string): number => [...value].length;
