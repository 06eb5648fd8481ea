import { randomUUID } from 'node:crypto';
import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { actorOf } from '../access/consent-reach.rules';
import { reachKnownConsentRoute } from '../access/consent-route';
import type { ConsentDeps } from '../consent-deps';
import { appendEntry } from '../ledger/consent-entries.repository';
import { consentChangedEvent, eventScopeOf } from '../ledger/consent-events';
import { toOptOutMessage, type OptOutInForce } from './opt-out';
import { findOptOutAt, insertOptOutOnce, type Placement } from './opt-outs.repository';
import { readOptOutToRecord } from './record-opt-out-request.rules';

/** Thrown inside the transaction when another call recorded the same opt-out first: rolls the entry back. */
class RecordedMeanwhile extends Error {}

/**
 * POST .../recipient-consent/opt-out (spec 4.7 rule 1). A new opt-out is, in
 * one transaction, a ledger entry, the projection row naming it and
 * RecipientOptedOut on the outbox. The same opt-out again (same recipient,
 * channel, scope and subaccount) is not an error and writes nothing: the one
 * in force is answered with created=false.
 */
export async function recordOptOut(deps: ConsentDeps, principal: Principal, request: consentV1.RecordOptOutRequest): Promise<consentV1.OptOutRecorded> {
  const base = await reachKnownConsentRoute(deps.clients, principal, request.route, 'change');
  const wanted = readOptOutToRecord(request, base);
  const placement: Placement = {
    account_id: base.accountId,
    subaccount_id: wanted.scope === 'subaccount' ? base.subaccountId : null,
    recipient: wanted.recipient,
    channel_type: wanted.channel,
    scope: wanted.scope,
    receiving_number: null,
  };
  const already = (o: OptOutInForce) => ({ optOut: toOptOutMessage(o), created: false });
  try {
    return await deps.db.transaction(async (trx) => {
      const existing = await findOptOutAt(trx, placement);
      if (existing) return already(existing);
      const now = deps.clock.now();
      const entryId = randomUUID();
      await appendEntry(trx, {
        entry_id: entryId,
        account_id: placement.account_id,
        subaccount_id: placement.subaccount_id,
        recipient: placement.recipient,
        channel_type: placement.channel_type,
        action: 'opted_out',
        scope: wanted.scope,
        source: 'customer',
        actor: actorOf(principal),
        reason: wanted.reason,
        consent_method: null,
        consent_evidence: null,
        receiving_number: null,
        lifted_entry_ids: [],
        recorded_at: now,
      });
      const stored = await insertOptOutOnce(trx, { ...placement, id: randomUUID(), source: 'customer', reason: wanted.reason, created_at: now, entry_id: entryId });
      if (!stored) throw new RecordedMeanwhile();
      await deps.outbox.enqueue(
        trx,
        consentChangedEvent('RecipientOptedOut', {
          accountId: placement.account_id,
          subaccountId: placement.subaccount_id,
          recipient: placement.recipient,
          channel: placement.channel_type,
          scope: eventScopeOf(wanted.scope, placement.subaccount_id),
          sourceLabel: 'API',
          receivingNumber: null,
          entryId,
          occurredAt: now,
        }),
      );
      return { optOut: toOptOutMessage(stored), created: true };
    });
  } catch (error) {
    if (!(error instanceof RecordedMeanwhile)) throw error;
    const existing = await findOptOutAt(deps.db, placement);
    if (!existing) throw new Error('opt-out recorded meanwhile is no longer in force');
    return already(existing);
  }
}
