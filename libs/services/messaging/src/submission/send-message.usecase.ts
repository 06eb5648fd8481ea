import { randomUUID } from 'node:crypto';
import type { Clock } from '@mp/clock';
import type { messagingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import type { OutboxWriter } from '@mp/service-host';
import { currentTraceparent } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { Channel, PriceTable } from '../rules';
import { idempotentSendOf } from '../idempotency/idempotency-key';
import { replayOf } from '../idempotency/idempotent-replay';
import { lifecycleEvent } from '../messages/lifecycle-event';
import { toMessage } from '../messages/message.mapper';
import type { MessageRow } from '../messages/message.types';
import type { MessagingClients } from '../messaging-clients';
import { limitsOf } from '../quota/quota-limits';
import { quotaScope, type QuotaLedger } from '../quota/quota-ledger';
import type { AcceptanceWriter } from './acceptance-writer';
import { priceSubmission } from './price-submission';
import { assertMaySend } from './sending-standing';
import { sendingSubaccount } from './sending-scope';
import { findTemplate } from '../templates/templates.repository';
import { isUuid } from '../messages/ids';
import { present } from './recipient';
import { quotedInboundOf } from './quoted-inbound';
import { validateSubmission } from './validate-submission';
import { defaultChannel, describeRoute, planRoute, type RoutePolicy } from '../fallback/route-plan.rules';

export interface SendMessageDeps {
  db: Knex;
  outbox: OutboxWriter;
  clock: Clock;
  clients: MessagingClients;
  priceTable: PriceTable;
  quota: QuotaLedger;
  /** Stores accepted sends (the message, its first audit entry, MessageAccepted and the quota count), many per transaction under load. */
  acceptances: AcceptanceWriter;
  /** Called after a queued message is committed: dispatch its channel's queue now rather than at the next tick. */
  onQueued(channel: Channel): void;
}

/**
 * A subaccount's routing policy (spec 2.5), asked of routing as messaging
 * itself: account-level sends have none, so they never fall back.
 */
async function routePolicyOf(clients: MessagingClients, accountId: string, subaccountId: string | undefined): Promise<RoutePolicy | undefined> {
  // A malformed id is validation's to name (400), not routing's to look up.
  if (subaccountId === undefined || !isUuid(subaccountId)) return undefined;
  return clients.routing.getRoutingPolicy({ accountId, subaccountId }, { asService: true });
}

/** The account's template the request names (read before validation: the channel and the text come from it). */
async function templateNamed(db: Knex, request: messagingV1.SendMessageRequest) {
  const templateId = present(request.templateId);
  if (templateId === undefined || !isUuid(templateId)) return undefined;
  return findTemplate(db, { accountId: request.accountId, templateId });
}

/**
 * POST .../messages: authorise, validate (nothing is stored on any refusal),
 * check the account's standing, price, then store the message, its first
 * audit entry and MessageAccepted in one transaction (shared with the sends
 * arriving meanwhile: AcceptanceWriter).
 */
export async function sendMessage(
  deps: SendMessageDeps,
  principal: Principal,
  request: messagingV1.SendMessageRequest,
): Promise<messagingV1.Message> {
  const subaccountId = sendingSubaccount(principal, request);
  const now = deps.clock.now();
  // A replay answers before any check or count: the first send already passed them.
  const idempotent = idempotentSendOf(request, subaccountId);
  const replay = idempotent && (await replayOf(deps.db, idempotent, now));
  if (replay) return replay;
  const policy = await routePolicyOf(deps.clients, request.accountId, subaccountId);
  const rawDestination = present(request.destination) ?? present(request.to) ?? '';
  const submission = validateSubmission(request, now, await templateNamed(deps.db, request), defaultChannel(policy, rawDestination));
  const route = planRoute(policy, submission.channel, submission.destination);
  const quoted = await quotedInboundOf(deps.clients, principal, request, {
    subaccountId,
    destination: submission.destination,
    channels: [submission.channel, ...route.remaining],
  });
  const standing = await assertMaySend(deps.clients, principal, request.accountId, subaccountId);
  const pricing = priceSubmission(submission, deps.priceTable);
  const status = submission.sendAt ? 'scheduled' : 'queued';
  const offered = submission.template?.replyOptions ?? [];

  const row: MessageRow = {
    id: randomUUID(),
    account_id: request.accountId,
    subaccount_id: subaccountId ?? null,
    channel_type: submission.channel,
    destination: submission.destination,
    body: submission.body,
    template_id: submission.template?.templateId ?? null,
    template_parameters: submission.template?.parameters ?? null,
    whatsapp_template: submission.template?.whatsapp ?? null,
    in_reply_to_inbound_message_id: quoted?.inboundMessageId ?? null,
    quoted_carrier_message_id: quoted?.carrierMessageId ?? null,
    message_type: submission.messageType,
    priority: submission.priority,
    actor: submission.actor,
    client_reference: submission.clientReference,
    external_id: submission.externalId,
    idempotency_key: idempotent?.key ?? null,
    status,
    // spec 3.2: a message offering options awaits an answer from the start.
    reply_status: offered.length > 0 ? 'Awaiting' : 'None',
    reply_options: offered.length > 0 ? offered : null,
    reply_option_key: null,
    reply_option_value: null,
    answered_at: null,
    segment_count: pricing.segmentCount,
    encoding: pricing.encoding,
    character_count: pricing.characterCount,
    estimated_cost: pricing.estimatedCost,
    send_at: submission.sendAt,
    expires_at: submission.expiresAt,
    next_attempt_at: submission.sendAt ?? now,
    attempts: 0,
    deferrals: 0,
    channel_attempt: 1,
    claimed_until: null,
    claim_token: null,
    last_error: null,
    failure_reason: null,
    route_remaining: route.remaining.join(','),
    receipt_timeout_seconds: route.receiptTimeoutSeconds,
    fallback_on_delivery_failure: route.fallbackOnDeliveryFailure,
    fallback_due_at: null,
    traceparent: currentTraceparent() ?? null,
    created_at: now,
    updated_at: now,
  };

  const stored = await deps.acceptances.write({
    row,
    audit: { message_id: row.id, at: now, event: 'accepted', from_status: null, to_status: status, detail: describeRoute(submission.channel, route) },
    event: lifecycleEvent('MessageAccepted', row, undefined, 'accepted', { now }),
    scope: quotaScope(request.accountId, subaccountId),
    limits: limitsOf(standing),
    now,
    idempotent,
  });
  if (!stored) {
    const first = idempotent && (await replayOf(deps.db, idempotent, now));
    if (!first) throw new Error('an idempotency key was held by no message');
    return first;
  }
  const { message, audit } = stored;
  if (status === 'queued') deps.onQueued(row.channel_type);
  return toMessage(message, [], [audit]);
}
