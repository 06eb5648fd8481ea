import { randomUUID } from 'node:crypto';
import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { actorOf } from '../access/consent-reach.rules';
import { reachKnownConsentRoute } from '../access/consent-route';
import type { ConsentDeps } from '../consent-deps';
import { appendEntry } from '../ledger/consent-entries.repository';
import { consentChangedEvent, eventScopeOf } from '../ledger/consent-events';
import { toOptOutMessage, type OptOutScope } from '../opt-outs/opt-out';
import { deleteOptOuts, listOptOutsForRecipient } from '../opt-outs/opt-outs.repository';
import { isSendBlocked } from '../send-permission/send-block-rule';
import { readResubscribeRequest } from './opt-in-request.rules';
import { optOutsToLift } from './opt-out-lift.rules';

/**
 * POST .../recipient-consent/opt-in (spec 4.7 rule 2). In one transaction:
 * first the ledger entry holding the evidence (`resubscribed`, naming the
 * entries it lifts), then the lifted opt-outs leave the projection, then
 * RecipientOptedIn, with stillSuppressed when another opt-out still blocks the
 * recipient on that channel for sending through the route's base. A refusal
 * (409) is decided before anything is written.
 */
export async function resubscribeRecipient(deps: ConsentDeps, principal: Principal, request: consentV1.OptInRequest): Promise<consentV1.OptInResult> {
  const base = await reachKnownConsentRoute(deps.clients, principal, request.route, 'change');
  const wanted = readResubscribeRequest(request, base);
  return deps.db.transaction(async (trx) => {
    const optOuts = await listOptOutsForRecipient(trx, base.accountId, wanted.recipient, wanted.channel);
    const lifted = optOutsToLift(optOuts, base, wanted.scope);
    const liftedIds = new Set(lifted.map((o) => o.id));
    const remaining = optOuts.filter((o) => !liftedIds.has(o.id));
    // Lifting both account-level opt-outs is recorded at the wider one; the entry names each lifted entry.
    const scope: OptOutScope = lifted.some((o) => o.scope === 'entireAccount') ? 'entireAccount' : lifted[0].scope;
    const now = deps.clock.now();
    const entryId = randomUUID();
    await appendEntry(trx, {
      entry_id: entryId,
      account_id: base.accountId,
      subaccount_id: base.subaccountId,
      recipient: wanted.recipient,
      channel_type: wanted.channel,
      action: 'resubscribed',
      scope,
      source: 'customer',
      actor: actorOf(principal),
      reason: null,
      consent_method: wanted.method,
      consent_evidence: wanted.evidence,
      receiving_number: null,
      lifted_entry_ids: lifted.map((o) => o.entryId),
      recorded_at: now,
    });
    await deleteOptOuts(trx, [...liftedIds]);
    const stillSuppressed = isSendBlocked(remaining, {
      accountId: base.accountId,
      subaccountId: base.subaccountId,
      channelType: wanted.channel,
      recipient: wanted.recipient,
    });
    await deps.outbox.enqueue(
      trx,
      consentChangedEvent('RecipientOptedIn', {
        accountId: base.accountId,
        subaccountId: base.subaccountId,
        recipient: wanted.recipient,
        channel: wanted.channel,
        scope: eventScopeOf(scope, base.subaccountId),
        sourceLabel: `re-subscribe (${wanted.method})`,
        receivingNumber: null,
        stillSuppressed,
        entryId,
        occurredAt: now,
      }),
    );
    return { lifted: lifted.map(toOptOutMessage), stillSuppressed, entryId };
  });
}
