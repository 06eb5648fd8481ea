import { randomUUID } from 'node:crypto';
import type { Clock } from '@mp/clock';
import type { routingV1 } from '@mp/contracts';
import { reachAccount, type AsyncClient, type Principal } from '@mp/grpc';
import { DomainError, echo } from '@mp/problems';
import type { Knex } from 'knex';
import { scheduleInboundCallback, type ScheduledInbound } from './inbound-callbacks.repository';
import { CARRIER_MESSAGE_ID_PREFIX, checkInbound, isSameAddress, type InboundRequest } from './inbound-message.rules';
import { CLOUD_WAMID_PREFIX } from '../whatsapp-cloud/cloud-ids';
import { recordedWamid, type SentMessages } from './quoted-message';

export interface SimulateInboundInput extends InboundRequest {
  accountId: string;
  subaccountId?: string;
}

/** The part of routing the simulator asks: which numbers the caller holds. */
export type NumberDirectory = Pick<AsyncClient<typeof routingV1.RoutingServiceService>, 'listNumbers'>;

/** What the carrier filed; `quotedMessageId` echoes the request's. */
export type SimulatedInbound = ScheduledInbound & { quotedMessageId?: string };

export interface SimulateInboundDeps {
  db: Knex;
  clock: Clock;
  routing: NumberDirectory;
  /** Where a quoted message is found: sent over the Cloud API, it carries no reference of ours (Meta has none). */
  sentMessages?: SentMessages;
}

/**
 * POST /v1/sandbox/inbound: a recipient writes to one of the caller's numbers.
 * The simulated carrier files the message and posts it, signed, to the
 * platform's inbound callback like a real carrier (the posting job); the
 * platform sees nothing until that post arrives.
 */
export async function simulateInbound(deps: SimulateInboundDeps, principal: Principal, input: SimulateInboundInput): Promise<SimulatedInbound> {
  const reach = reachAccount(principal, { accountId: input.accountId, subaccountId: input.subaccountId });
  const inbound = checkInbound(input);

  // Asked as the caller, so routing holds it to its account (and subaccount).
  const { items } = await deps.routing.listNumbers({ accountId: reach.accountId, subaccountId: reach.subaccountId }, { principal });
  const number = items.find((n) => n.status === 'active' && n.channelTypes.includes(inbound.channel) && isSameAddress(inbound.channel, n.address, inbound.to));
  if (!number) {
    const what = inbound.channel === 'Email' ? 'sender address' : 'number';
    throw new DomainError('NOT_FOUND', `No ${inbound.channel} ${what} ${echo(inbound.to)} in this account.`);
  }

  let contextId: string | undefined;
  if (inbound.quotedMessageId !== undefined) {
    // The carrier knows the quoted message by its own id, from when the account sent it to this person.
    contextId =
      deps.sentMessages &&
      (await recordedWamid(deps.sentMessages, principal, { accountId: reach.accountId, subaccountId: reach.subaccountId, messageId: inbound.quotedMessageId, to: inbound.from }));
    if (contextId === undefined) throw DomainError.notFound('Message');
  }

  const scheduled: ScheduledInbound = {
    eventId: randomUUID(),
    // WhatsApp's get the Cloud API fake's wamids, by which its posting job sends them as Meta's webhook.
    carrierMessageId: `${inbound.channel === 'WhatsApp' ? CLOUD_WAMID_PREFIX : CARRIER_MESSAGE_ID_PREFIX[inbound.channel]}${randomUUID()}`,
    channel: inbound.channel,
    from: inbound.from,
    // The number as routing holds it, so the platform resolves it exactly.
    to: number.address,
    body: inbound.body,
    contextId,
    receivedAt: deps.clock.now(),
  };
  await scheduleInboundCallback(deps.db, scheduled);
  return { ...scheduled, quotedMessageId: inbound.quotedMessageId };
}
