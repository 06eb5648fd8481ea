import { providerCallbackEvents, type identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { IdentityContext } from '../identity-context';
import { applySubscriptionUpdate } from './apply-subscription-update.usecase';

/**
 * provider-callback's call before it answers a payment processor's
 * subscription callback: the change is applied (once per processor event, as
 * the billing.events consumer would) before the 2xx, so the account's next
 * send is judged by it (issue 27). Only provider-callback calls it.
 */
export async function applySubscriptionCallback(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.ApplySubscriptionUpdateRequest,
): Promise<identityV1.ApplySubscriptionUpdateResponse> {
  if (principal.kind !== 'service' || principal.service !== 'provider-callback') {
    throw new DomainError('FORBIDDEN', 'Only provider-callback applies subscription events.');
  }
  const update = providerCallbackEvents.PaymentSubscriptionUpdated.fromPartial(request);
  const changed = await ctx.db.transaction((trx) => applySubscriptionUpdate(trx, ctx, update));
  return { changed };
}
