import type { messagingV1 } from '@mp/contracts';
import { isUuid, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';

const TABLE = 'standing_changes';

/**
 * Another service changed an account's sending standing and has not answered
 * its own caller yet (provider-callback, once identity applied a payment
 * processor's subscription event): the account's version goes up, so no
 * replica uses a standing it read before (sending-standing-cache.ts). The
 * change's event still evicts too; this is for the moment before it arrives.
 */
export async function noteStandingChange(db: Knex, principal: Principal, request: messagingV1.NoteStandingChangeRequest): Promise<messagingV1.NoteStandingChangeResponse> {
  if (principal.kind !== 'service') throw new DomainError('FORBIDDEN', 'Only a service notes a standing change.');
  if (!isUuid(request.accountId)) throw new DomainError('VALIDATION_FAILED', 'accountId must be a uuid.', { errors: { accountId: ['must be a uuid'] } });
  await db(TABLE)
    .insert({ account_id: request.accountId, version: 1 })
    .onConflict('account_id')
    .merge({ version: db.raw('?? + 1', [`${TABLE}.version`]) });
  return {};
}

/** The account's standing version ('0' before any change was noted). */
export async function standingVersion(db: Knex, accountId: string): Promise<string> {
  if (!isUuid(accountId)) return '0'; // identity refuses the account anyway
  const row = await db(TABLE).where({ account_id: accountId }).first('version');
  return row ? String(row.version) : '0';
}
