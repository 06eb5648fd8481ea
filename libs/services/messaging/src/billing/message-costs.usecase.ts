import type { Clock } from '@mp/clock';
import type { messagingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { addFieldError, INVALID_CURSOR, parsePageSize, throwIfInvalid, type FieldErrors } from '@mp/paging';
import type { Knex } from 'knex';
import { CHANNELS, type Channel } from '../rules';
import { billingScope } from './billing-access';
import { parseBillingRange, type BillingRange } from './billing-range';
import { decodeChargeCursor, encodeChargeCursor, type ChargeCursor } from './charge-cursor';
import {
  countChargedMessages,
  pageCharges,
  totalsByChannel,
  type ChargeScope,
  type ChargeTotals,
  type MessageChargeRow,
} from './message-charges.repository';
import { CURRENCY } from './money';

export interface BillingDeps {
  db: Knex;
  clock: Clock;
}

type CostsRequest = messagingV1.GetMessageCostsRequest;

function scopeAndRange(deps: BillingDeps, principal: Principal, request: CostsRequest, errors: FieldErrors = {}) {
  const scope = billingScope(principal, request);
  const range = parseBillingRange(request, deps.clock.now(), errors);
  throwIfInvalid(errors);
  return { scope: { ...scope, ...range } satisfies ChargeScope, range };
}

const zero = (): messagingV1.MessageCostTotals => ({ amountMicros: 0, chargeCount: 0, messageCount: 0 });

const toTotals = (row: ChargeTotals): messagingV1.MessageCostTotals => ({
  amountMicros: Number(row.amount_micros ?? 0),
  chargeCount: Number(row.charges),
  messageCount: Number(row.messages),
});

function header(scope: ChargeScope, range: BillingRange) {
  return {
    accountId: scope.accountId,
    subaccountId: scope.subaccountId,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    currency: CURRENCY,
  };
}

/** The account's (or subaccount's) totals over the range. */
async function grandTotal(db: Knex, scope: ChargeScope, perChannel: ChargeTotals[]): Promise<messagingV1.MessageCostTotals> {
  const sum = perChannel.map(toTotals).reduce(
    (acc, t) => ({ ...acc, amountMicros: acc.amountMicros + t.amountMicros, chargeCount: acc.chargeCount + t.chargeCount }),
    zero(),
  );
  // A message charged on two channels is one message, so not the sum of the channels' counts.
  return { ...sum, messageCount: sum.chargeCount === 0 ? 0 : await countChargedMessages(db, scope) };
}

/** GET /v1/billing/message-costs */
export async function getMessageCosts(deps: BillingDeps, principal: Principal, request: CostsRequest): Promise<messagingV1.MessageCostSummary> {
  const { scope, range } = scopeAndRange(deps, principal, request);
  const perChannel = await totalsByChannel(deps.db, scope);
  return { ...header(scope, range), total: await grandTotal(deps.db, scope, perChannel) };
}

/** GET /v1/billing/message-costs/channels: every channel, zero when unused. */
export async function getMessageCostsByChannel(
  deps: BillingDeps,
  principal: Principal,
  request: CostsRequest,
): Promise<messagingV1.MessageCostsByChannel> {
  const { scope, range } = scopeAndRange(deps, principal, request);
  const perChannel = await totalsByChannel(deps.db, scope);
  const byChannel = new Map(perChannel.map((row) => [row.channel_type, toTotals(row)]));
  return {
    ...header(scope, range),
    channels: CHANNELS.map((channelType) => ({ channelType, total: byChannel.get(channelType) ?? zero() })),
    total: await grandTotal(deps.db, scope, perChannel),
  };
}

const toCharge = (row: MessageChargeRow): messagingV1.MessageCharge => ({
  chargeId: row.id,
  messageId: row.message_id,
  subaccountId: row.subaccount_id ?? undefined,
  attemptNumber: row.attempt_number,
  channelType: row.channel_type,
  destination: row.destination,
  fromAddress: row.from_address ?? undefined,
  segmentCount: row.segment_count,
  amountMicros: Number(row.amount_micros),
  currency: row.currency,
  chargedAt: new Date(row.charged_at).toISOString(),
});

/** GET /v1/billing/message-costs/detail: one item per charge, newest first, keyset-paged. */
export async function listMessageCharges(
  deps: BillingDeps,
  principal: Principal,
  request: messagingV1.ListMessageChargesRequest,
): Promise<messagingV1.MessageChargePage> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => addFieldError(errors, field, message);
  // proto3 cannot tell an omitted page_size from 0: 0 means "use the default" (the gateway sends an explicit 0 as -1).
  const pageSize = parsePageSize(request.pageSize === 0 ? undefined : request.pageSize, errors);
  let after: ChargeCursor | undefined;
  if (request.cursor !== undefined && request.cursor !== '') {
    after = decodeChargeCursor(request.cursor);
    if (!after) add('cursor', INVALID_CURSOR);
  }
  const channel = request.channelType === undefined || request.channelType === '' ? undefined : request.channelType;
  if (channel !== undefined && !(CHANNELS as readonly string[]).includes(channel)) add('channelType', `must be one of ${CHANNELS.join(', ')}`);

  const { scope, range } = scopeAndRange(deps, principal, request, errors);
  const rows = await pageCharges(deps.db, { ...scope, channelType: channel as Channel | undefined }, { limit: pageSize + 1, after });
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    currency: CURRENCY,
    items: page.map(toCharge),
    nextCursor: rows.length > pageSize && last ? encodeChargeCursor({ chargedAt: new Date(last.charged_at), id: last.id }) : undefined,
  };
}
