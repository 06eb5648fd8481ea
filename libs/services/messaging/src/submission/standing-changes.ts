import type { messagingV1 } from '@mp/contracts';
import { GroupCommit } from '@mp/db';
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

/**
 * The accounts' standing versions ('0' before any change was noted), read at
 * every send: the reads of one event-loop turn are one statement (a group
 * read, @mp/db GroupCommit), each made after its send asked, so a change
 * noted before a send began is always seen by it.
 */
export function standingVersions(db: Knex): (accountId: string) => Promise<string> {
  const reads = new GroupCommit<string, string>(async (accountIds) => {
    const ids = [...new Set(accountIds.filter(isUuid))];
    const rows = ids.length === 0 ? [] : ((await db(TABLE).whereIn('account_id', ids).select('account_id', 'version')) as Array<{ account_id: string; version: number | string }>);
    const versions = new Map(rows.map((r) => [r.account_id, String(r.version)]));
    // Not a uuid: identity refuses the account anyway.
    return accountIds.map((id) => versions.get(id) ?? '0');
  }, 512);
  return (accountId) => reads.add(accountId);
}
