/**
 * The documented reason (docs/service-contracts.md "Carrier error codes") of a
 * send the carrier refused because the recipient unsubscribed there: Twilio's
 * 21610, the person texted STOP to that sender at the carrier. Messaging puts
 * it on the message's lifecycle event (with the attempt's `from_address`);
 * consent records a lifecycle event with exactly this reason as the
 * recipient's opt-out at that number, as a STOP reply. One string for both,
 * so neither side can drift from the other.
 */
export const RECIPIENT_UNSUBSCRIBED_AT_CARRIER = 'recipient unsubscribed at the carrier';
