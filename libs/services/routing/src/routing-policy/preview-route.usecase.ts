import { describeE164Fault, e164Fault, isEmailAddress } from '@mp/addresses';
import type { routingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError, FieldErrors } from '@mp/problems';
import { confirmSubaccount } from '../access/known-subaccount';
import { reachRouting } from '../access/routing-reach.rules';
import { canAddress, unaddressableReason } from '../numbers/address.rules';
import type { ChannelType } from '../numbers/number.rules';
import type { RoutingDeps } from '../routing-deps';
import { pickSender } from '../sender-choice/pick-sender';
import { findPolicy } from './routing-policies.repository';
import { routeOrder } from './routing-policy';

/**
 * POST /v1/subaccounts/{id}/routing-policy/preview (spec 4.5): what a send
 * to `destination` through this subaccount would do now, changing nothing.
 * The channels in the order they would be tried (enabled policy: preferred
 * then the chain; disabled: the preferred channel alone); for each, the
 * sender ChooseSender would pick (its pool's next number; rotation does not
 * move) or why there is none, and whether the recipient's consent blocks it
 * (consent's CheckSendPermission, asked as routing, from that sender). A
 * channel the destination cannot be addressed on is skipped with the reason.
 * Read access: any user role, or a key with ReadMessages or ManageRouting.
 */
export async function previewRoute(deps: RoutingDeps, principal: Principal, request: routingV1.PreviewRouteRequest): Promise<routingV1.RoutePreview> {
  if (!request.subaccountId) throw DomainError.notFound('Subaccount');
  const { accountId, subaccountId } = reachRouting(principal, { accountId: request.accountId, subaccountId: request.subaccountId, need: 'read', what: 'Subaccount' });
  const destination = (request.destination ?? '').trim();
  const phoneFault = e164Fault(destination);
  if (phoneFault && !isEmailAddress(destination)) {
    // A '+' and digits is a phone number whose length is wrong: say so rather than "neither".
    const why = phoneFault === 'format' ? 'must be an E.164 phone number (+14155550100) or an email address' : describeE164Fault(phoneFault);
    new FieldErrors().add('destination', why).throwIfAny();
  }
  await confirmSubaccount(deps.clients, principal, accountId, subaccountId);
  const policy = await findPolicy(deps.db, accountId, subaccountId!);
  const steps: routingV1.RouteStep[] = [];
  for (const channel of routeOrder(policy)) steps.push(await previewStep(deps, { accountId, subaccountId: subaccountId!, channel, destination }));
  const first = steps.find((s) => !s.skipped && s.fromAddress !== undefined && !s.blockedByConsent);
  return {
    accountId,
    subaccountId: subaccountId!,
    destination,
    policyEnabled: policy.isEnabled,
    steps,
    firstSendableChannelType: first?.channelType,
  };
}

async function previewStep(deps: RoutingDeps, scope: { accountId: string; subaccountId: string; channel: ChannelType; destination: string }): Promise<routingV1.RouteStep> {
  const step: routingV1.RouteStep = { channelType: scope.channel, skipped: false, blockedByConsent: false };
  if (!canAddress(scope.channel, scope.destination)) return { ...step, skipped: true, skipReason: unaddressableReason(scope.channel, scope.destination) };
  const choice = await pickSender(deps, scope, 'peek');
  if (choice.kind === 'chosen') Object.assign(step, { numberId: choice.numberId, fromAddress: choice.fromAddress, poolId: choice.poolId });
  else step.noSenderReason = choice.reason;
  const permission = await deps.clients.consent.checkSendPermission(
    { accountId: scope.accountId, subaccountId: scope.subaccountId, channelType: scope.channel, recipient: scope.destination, fromAddress: step.fromAddress },
    { asService: true },
  );
  if (!permission.allowed) Object.assign(step, { blockedByConsent: true, consentReason: permission.reason || 'the recipient opted out' });
  return step;
}
