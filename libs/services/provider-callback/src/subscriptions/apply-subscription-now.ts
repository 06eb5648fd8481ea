import type { providerCallbackEvents } from '@mp/contracts';
import type { ServiceClients } from '@mp/service-host';

/** The calls provider-callback makes, and nothing more (tests pass small fakes). Read at call time. */
export interface SubscriptionStandingClients {
  readonly identity: Pick<ServiceClients['identity'], 'applySubscriptionUpdate'>;
  readonly messaging: Pick<ServiceClients['messaging'], 'noteStandingChange'>;
}

/**
 * What the processor said is what the account's next send sees (issue 27):
 * before the callback is answered, identity applies the update (once per
 * processor event; billing.events brings it again, harmlessly), then
 * messaging is told the account's standing changed, so no replica sends on a
 * standing it held from before, whether or not the change's event has reached
 * it. A failure of either call fails the callback (5xx): the processor
 * retries, and the repeat applies it then (billing.events applies it anyway).
 */
export async function applySubscriptionNow(clients: SubscriptionStandingClients, update: providerCallbackEvents.PaymentSubscriptionUpdated): Promise<void> {
  await clients.identity.applySubscriptionUpdate(update, { asService: true });
  await clients.messaging.noteStandingChange({ accountId: update.accountId }, { asService: true });
}
