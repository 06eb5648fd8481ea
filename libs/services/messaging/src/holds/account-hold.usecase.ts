import type { Clock } from '@mp/clock';
import type { messagingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { isUuid } from '../messages/ids';
import { countWaiting, deleteHold, findHold, upsertHold, type AccountHoldRow } from './account-hold.repository';

export interface AccountHoldDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  /** After a release: let the waiting messages go (scheduled ones due by now first, urgent first). */
  onReleased(): Promise<void>;
}

const MAX_TEXT = 500;

/**
 * Holding an account is a staff action: only internal callers (a `system`
 * principal, which the gateway never sends) may do it. A customer's token
 * reaching this RPC some other way is refused.
 */
function assertStaff(principal: Principal): void {
  if (principal.kind !== 'system') throw new DomainError('FORBIDDEN', 'Account holds are a platform staff operation.');
}

function checkRequest(accountId: string, texts: Record<string, string | undefined>): void {
  const errors: Record<string, string[]> = {};
  if (!isUuid(accountId)) errors.accountId = ['accountId must be a UUID'];
  for (const [field, value] of Object.entries(texts)) {
    if (value !== undefined && value.length > MAX_TEXT) errors[field] = [`${field} must be at most ${MAX_TEXT} characters`];
  }
  if (Object.keys(errors).length > 0) throw DomainError.validation(errors);
}

async function view(db: Knex, accountId: string, row: AccountHoldRow | undefined): Promise<messagingV1.AccountSendingHold> {
  return {
    accountId,
    held: row !== undefined,
    heldAt: row ? new Date(row.held_at).toISOString() : undefined,
    reason: row?.reason ?? undefined,
    operator: row?.operator ?? undefined,
    waitingMessages: await countWaiting(db, accountId),
  };
}

const blankToNull = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

export async function holdAccountSending(
  deps: AccountHoldDeps,
  principal: Principal,
  request: messagingV1.HoldAccountSendingRequest,
): Promise<messagingV1.AccountSendingHold> {
  assertStaff(principal);
  checkRequest(request.accountId, { reason: request.reason, operator: request.operator });
  const row = await upsertHold(deps.db, {
    account_id: request.accountId,
    reason: blankToNull(request.reason),
    operator: blankToNull(request.operator),
    held_at: deps.clock.now(),
  });
  deps.logger.info('account sending held', { accountId: row.account_id, reason: row.reason, operator: row.operator });
  return view(deps.db, request.accountId, row);
}

/** Releasing an account that is not held answers its (unheld) state: the call is repeatable. */
export async function releaseAccountSending(
  deps: AccountHoldDeps,
  principal: Principal,
  request: messagingV1.ReleaseAccountSendingRequest,
): Promise<messagingV1.AccountSendingHold> {
  assertStaff(principal);
  checkRequest(request.accountId, { operator: request.operator });
  if (await deleteHold(deps.db, request.accountId)) {
    deps.logger.info('account sending released', { accountId: request.accountId, operator: request.operator });
    await deps.onReleased();
  }
  return view(deps.db, request.accountId, undefined);
}

export async function getAccountSendingHold(
  deps: AccountHoldDeps,
  principal: Principal,
  request: messagingV1.GetAccountSendingHoldRequest,
): Promise<messagingV1.AccountSendingHold> {
  assertStaff(principal);
  checkRequest(request.accountId, {});
  return view(deps.db, request.accountId, await findHold(deps.db, request.accountId));
}
