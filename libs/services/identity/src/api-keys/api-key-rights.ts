import { FieldErrors } from '@mp/problems';

/** DECISIONS "Accounts" and spec 5.6. */
export const API_KEY_RIGHTS = [
  'SendMessages',
  'ReadMessages',
  'ManageWebhooks',
  'ManageRouting',
  'ReadRecipientConsent',
  'ManageRecipientConsent',
] as const;
export type ApiKeyRight = (typeof API_KEY_RIGHTS)[number];

/** Consent rights are opt-in (spec 5.6: existing keys do not have them until added). */
export const DEFAULT_API_KEY_RIGHTS: readonly ApiKeyRight[] = ['SendMessages', 'ReadMessages'];

const KNOWN: ReadonlySet<string> = new Set(API_KEY_RIGHTS);

/**
 * The rights of a key: the defaults when the caller sent none, otherwise the
 * given ones, de-duplicated in catalogue order. Unknown names and an empty
 * list (a key that can do nothing) are reported on `rights`.
 */
export function resolveRights(errors: FieldErrors, given: readonly string[], rightsGiven: boolean): ApiKeyRight[] {
  if (!rightsGiven) return [...DEFAULT_API_KEY_RIGHTS];
  const unknown = given.filter((r) => !KNOWN.has(r));
  if (unknown.length > 0) {
    errors.add('rights', `unknown right(s): ${[...new Set(unknown)].join(', ')}; allowed: ${API_KEY_RIGHTS.join(', ')}`);
    return [];
  }
  if (given.length === 0) {
    errors.add('rights', 'must name at least one right');
    return [];
  }
  return API_KEY_RIGHTS.filter((r) => given.includes(r));
}
