import { DomainError } from '@mp/problems';
import type { ConsentBase } from '../access/consent-reach.rules';
import { LIFTABLE_SOURCES, type AccountScope, type OptOutInForce, type OptOutScope } from '../opt-outs/opt-out';
import { placementBlocks } from '../send-permission/send-block-rule';

/**
 * Which opt-outs a re-subscribe lifts (spec 4.7 rule 2), or why none, from
 * the recipient's opt-outs on the channel:
 * - a subaccount route lifts that subaccount's `subaccount` opt-out; an
 *   account route the asked scope, else every account-level one
 *   (`accountLevelOnly`, `entireAccount`);
 * - when one of those was not recorded by the customer's team (a support
 *   removal), nothing is lifted: 409 RECIPIENT_OPT_OUT_NOT_LIFTABLE;
 * - when there are none but another opt-out still blocks sending through the
 *   route's base (a STOP reply, a support removal, one recorded at another
 *   scope), 409 RECIPIENT_OPT_OUT_NOT_LIFTABLE naming it; when nothing blocks,
 *   409 RECIPIENT_NOT_OPTED_OUT.
 */
export function optOutsToLift(optOuts: readonly OptOutInForce[], base: ConsentBase, scope?: AccountScope): OptOutInForce[] {
  const wanted: readonly OptOutScope[] = base.subaccountRoute ? ['subaccount'] : scope ? [scope] : ['accountLevelOnly', 'entireAccount'];
  const found = optOuts.filter((o) => wanted.includes(o.scope) && (o.scope !== 'subaccount' || o.subaccountId === base.subaccountId));
  const locked = found.find((o) => !LIFTABLE_SOURCES.includes(o.source));
  if (locked) throw notLiftable(locked, base);
  if (found.length > 0) return found;
  const blocking = optOuts.find((o) =>
    placementBlocks(o, { accountId: o.accountId, recipient: o.recipient, channelType: o.channelType, subaccountId: base.subaccountId }),
  );
  if (blocking) throw notLiftable(blocking, base);
  throw new DomainError('RECIPIENT_NOT_OPTED_OUT', 'The recipient has no opt-out on this channel that blocks sending here.');
}

function notLiftable(o: OptOutInForce, base: ConsentBase): DomainError {
  if (o.scope === 'stopReply') {
    return new DomainError('RECIPIENT_OPT_OUT_NOT_LIFTABLE', `The recipient opted out by replying STOP to ${o.receivingNumber}; only their START reply lifts it.`);
  }
  if (!LIFTABLE_SOURCES.includes(o.source)) {
    return new DomainError('RECIPIENT_OPT_OUT_NOT_LIFTABLE', 'The opt-out was recorded through support; only support can lift it.');
  }
  const how =
    o.scope === 'subaccount'
      ? `was recorded for subaccount ${o.subaccountId}; re-subscribe through that subaccount's route`
      : base.subaccountRoute
        ? `was recorded on the account (scope ${o.scope}); re-subscribe through the account route`
        : `has scope ${o.scope}; re-subscribe with that scope, or without one`;
  return new DomainError('RECIPIENT_OPT_OUT_NOT_LIFTABLE', `The opt-out that blocks the recipient here ${how}.`);
}
