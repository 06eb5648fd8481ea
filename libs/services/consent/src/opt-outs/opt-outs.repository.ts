import type { Knex } from 'knex';
import { canonicalAddress, toOptOut, type OptOut, type OptOutRow } from './opt-out';

export const OPT_OUTS = 'opt_outs';

/** Every opt-out of one recipient on one channel in the account, wherever it applies. */
export async function listOptOutsForRecipient(db: Knex, accountId: string, recipient: string, channelType: string): Promise<OptOut[]> {
  const rows = await db<OptOutRow>(OPT_OUTS)
    .where({ account_id: accountId, recipient: canonicalAddress(recipient) })
    .whereRaw('lower(channel_type) = lower(?)', [channelType])
    .orderBy('created_at', 'asc');
  return rows.map(toOptOut);
}
