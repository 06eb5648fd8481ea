import type { TwilioConnection } from '@mp/carrier-connections';
import type { CarrierSubmission } from '../carrier.port';

/** Twilio's Message resource of the connection's account (CARRIERS.md 3.1). */
export function messagesUrl(connection: TwilioConnection): string {
  return `${connection.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(connection.accountSid)}/Messages.json`;
}

/** Where Twilio posts this connection's status callbacks: the `{carrier}` of the callback route is the connection's name. */
export function statusCallbackUrl(connection: TwilioConnection): string {
  return `${connection.publicBaseUrl}/v1/webhooks/carriers/${encodeURIComponent(connection.name)}/status`;
}

/**
 * The form of a Messages create request. With a Messaging Service, Twilio
 * picks the sender from the Service's pool, so `From` is left out: a number
 * outside the pool would be refused.
 */
export function messageForm(connection: TwilioConnection, submission: CarrierSubmission): URLSearchParams {
  const form = new URLSearchParams({ To: submission.to });
  if (connection.messagingServiceSid) form.set('MessagingServiceSid', connection.messagingServiceSid);
  else form.set('From', submission.from);
  form.set('Body', submission.body);
  form.set('StatusCallback', statusCallbackUrl(connection));
  return form;
}
