import type { Knex } from 'knex';
import type { Channel } from '../rules';

export interface MessageChargeRow {
  id: string;
  message_id: string;
  attempt_number: number;
  account_id: string;
  subaccount_id: string | null;
  channel_type: Channel;
  destination: string;
  from_address: string | null;
  segment_count: number;
  /** bigint: pg hands it back as text. */
  amount_micros: string | number;
  currency: string;
  charged_at: Date;
}

/** Who and when a billing read covers: `from` inclusive, `to` exclusive. */
export interface ChargeScope {
  accountId: string;
  subaccountId?: string;
  channelType?: Channel;
  from: Date;
  to: Date;
}

export interface ChargeTotals {
  channel_type: Channel;
  amount_micros: string | number;
  charges: string | number;
  messages: string | number;
}

/** Inserts the charge of a channel attempt once; a second write for the same attempt is ignored. */
/** Charges each attempt at most once (a repeated record of the same acceptance changes nothing). */
export async function insertChargesOnce(q: Knex, charges: MessageChargeRow[]): Promise<void> {
  if (charges.length === 0) return;
  await q('message_charges').insert(charges).onConflict(['message_id', 'attempt_number']).ignore();
}

function scoped(q: Knex, scope: ChargeScope) {
  const query = q<MessageChargeRow>('message_charges')
    .where('account_id', scope.accountId)
    .andWhere('charged_at', '>=', scope.from)
    .andWhere('charged_at', '<', scope.to);
  if (scope.subaccountId !== undefined) query.andWhere('subaccount_id', scope.subaccountId);
  if (scope.channelType !== undefined) query.andWhere('channel_type', scope.channelType);
  return query;
}

/** Sums per channel (only channels with charges appear). */
export async function totalsByChannel(q: Knex, scope: ChargeScope): Promise<ChargeTotals[]> {
  return (await scoped(q, scope)
    .select('channel_type')
    .sum({ amount_micros: 'amount_micros' })
    .count({ charges: '*' })
    .countDistinct({ messages: 'message_id' })
    .groupBy('channel_type')) as unknown as ChargeTotals[];
}

/** Distinct messages charged in scope (a message charged on two channels counts once). */
export async function countChargedMessages(q: Knex, scope: ChargeScope): Promise<number> {
  const [row] = (await scoped(q, scope).countDistinct({ n: 'message_id' })) as Array<{ n: string | number }>;
  return Number(row?.n ?? 0);
}

/** A page of charges, newest first, after the keyset position of the previous page. */
export async function pageCharges(
  q: Knex,
  scope: ChargeScope,
  page: { limit: number; after?: { chargedAt: Date; id: string } },
): Promise<MessageChargeRow[]> {
  const query = scoped(q, scope);
  if (page.after) {
    const { chargedAt, id } = page.after;
    query.andWhere((w) => w.where('charged_at', '<', chargedAt).orWhere((x) => x.where('charged_at', '=', chargedAt).andWhere('id', '<', id)));
  }
  return (await query.orderBy([{ column: 'charged_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(page.limit)) as MessageChargeRow[];
}
