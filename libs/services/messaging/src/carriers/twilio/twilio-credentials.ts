import { REDACTED } from '@mp/config';
import type { TwilioConnection } from '@mp/carrier-connections';

/** HTTP Basic with the Account SID and its auth token (CARRIERS.md 3.1). */
export function basicAuthorization(connection: TwilioConnection): string {
  return `Basic ${Buffer.from(`${connection.accountSid}:${connection.authToken}`).toString('base64')}`;
}

/**
 * Masks the auth token, and the Basic credentials that carry it, in text that
 * leaves the adapter (outcomes, log lines, errors): an answer from Twilio or a
 * proxy in front of it may quote the request's headers back.
 */
export function tokenScrubber(connection: TwilioConnection): (text: string) => string {
  const { authToken } = connection;
  const secrets = [authToken, encodeURIComponent(authToken), basicAuthorization(connection).slice('Basic '.length)].filter((s) => s !== '');
  return (text) => secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}
