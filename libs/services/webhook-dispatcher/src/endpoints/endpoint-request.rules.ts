import { FieldErrors } from '@mp/problems';
import { blockedHostOf } from '../delivery/outbound/blocked-address.rules';
import { parseSubscribedEvents } from './subscribed-events.rules';

export const MAX_URL_LENGTH = 2048;
export const MAX_LABEL_LENGTH = 200;

/** Characters (code points), as the published maxLength counts them: an emoji is one, not two UTF-16 units. */
const characters = (text: string) => [...text].length;

/** How an endpoint URL is checked: internal addresses pass only where private networks are allowed (tests). */
export interface UrlPolicy {
  allowPrivateNetworks: boolean;
}

/**
 * An endpoint URL (spec 2.6): absolute HTTPS, without credentials, and, unless
 * private networks are allowed, not a literal internal address in any
 * spelling (a name that resolves inside is refused when delivering, where
 * the address actually connected to is known). Undefined when fine.
 */
export function urlProblem(url: string, policy: UrlPolicy): string | undefined {
  if (characters(url) > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute URL';
  }
  if (parsed.protocol !== 'https:') return 'must be an HTTPS URL';
  if (parsed.username !== '' || parsed.password !== '') return 'must not carry a user name or password';
  if (parsed.hostname === '') return 'must name a host';
  if (!policy.allowPrivateNetworks) {
    const blocked = blockedHostOf(url);
    if (blocked) return `must not point to an internal address: ${blocked}`;
  }
  return undefined;
}

/** The fields of a create or update, checked together: one VALIDATION_FAILED naming every bad field. */
export function checkEndpointFields(
  fields: { url?: string; label?: string; subscribedEvents?: string },
  policy: UrlPolicy,
): { subscribedEvents?: string } {
  const errors = new FieldErrors();
  if (fields.url !== undefined) {
    const problem = urlProblem(fields.url, policy);
    if (problem) errors.add('url', problem);
  }
  if (fields.label !== undefined && characters(fields.label) > MAX_LABEL_LENGTH) errors.add('label', `must be at most ${MAX_LABEL_LENGTH} characters`);
  let subscribedEvents: string | undefined;
  if (fields.subscribedEvents !== undefined) {
    const parsed = parseSubscribedEvents(fields.subscribedEvents);
    if ('problem' in parsed) errors.add('subscribedEvents', parsed.problem);
    else subscribedEvents = parsed.events;
  }
  errors.throwIfAny();
  return { subscribedEvents };
}
