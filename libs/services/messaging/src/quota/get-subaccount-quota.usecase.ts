import type { Clock } from '@mp/clock';
import type { messagingV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { isUuid } from '../messages/ids';
import type { MessagingClients } from '../messaging-clients';
import type { QuotaLedger, QuotaWindow } from './quota-ledger';
import { quotaScope } from './quota-ledger';
import { limitsOf } from './quota-limits';

export interface QuotaDeps {
  db: Knex;
  clock: Clock;
  clients: MessagingClients;
  quota: QuotaLedger;
}

const toWindow = (w: QuotaWindow): messagingV1.QuotaWindow => ({
  limit: w.limit ?? undefined,
  used: w.used,
  remaining: w.remaining ?? undefined,
  resetsAt: w.resetsAt.toISOString(),
});

/** GET /v1/quota/subaccounts/{id}: limits from identity, use from the ledger. Another account's subaccount is 404. */
export async function getSubaccountQuota(
  deps: QuotaDeps,
  principal: Principal,
  request: messagingV1.GetSubaccountQuotaRequest,
): Promise<messagingV1.SubaccountQuota> {
  if (!isUuid(request.subaccountId)) throw DomainError.notFound('Subaccount');
  const { subaccountId } = reachAccount(principal, { accountId: principal.accountId, subaccountId: request.subaccountId, what: 'Subaccount' });
  if (subaccountId === undefined) throw DomainError.notFound('Subaccount');
  const standing = await deps.clients.identity.getSendingStanding({ accountId: principal.accountId, subaccountId }, { principal });
  const usage = await deps.quota.usage(deps.db, quotaScope(principal.accountId, subaccountId), limitsOf(standing), deps.clock.now());
  return { subaccountId, daily: toWindow(usage.day), monthly: toWindow(usage.month) };
}
