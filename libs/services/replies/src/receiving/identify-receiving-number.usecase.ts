import { providerCallbackEvents } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import type { Logger } from '@mp/telemetry';
import type { RepliesClients } from '../replies-clients';

/** A carrier inbound message with the account (and subaccount) owning the number it came to. */
export interface InboundToStore {
  kind: 'store';
  inbound: providerCallbackEvents.CarrierInboundReceived;
  receivedAt: Date;
  number: { accountId: string; subaccountId?: string };
}

/** Nothing to store: no account has that number, or the event cannot be stored (logged). */
export type PreparedInbound = InboundToStore | { kind: 'skip' };

export interface IdentifyReceivingNumberDeps {
  clients: Pick<RepliesClients, 'routing'>;
  logger: Logger;
}

const SKIP: PreparedInbound = { kind: 'skip' };

const validDate = (text: string) => {
  const at = text ? new Date(text) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
};

/**
 * Outside any transaction: asks routing, as replies itself (a reply has no
 * customer), which account owns the number an inbound message came to. A
 * number no account holds (say, released) or a malformed event is logged and
 * skipped: retrying could never store it. Any other failure (routing
 * unreachable) is thrown, so the host retries the event and parks it in
 * dead_letters after its last attempt.
 */
export async function identifyReceivingNumber(
  deps: IdentifyReceivingNumberDeps,
  payload: unknown,
  publishedAt: string,
): Promise<PreparedInbound> {
  const inbound = providerCallbackEvents.CarrierInboundReceived.fromJSON(payload);
  const fields = { carrier: inbound.carrier, carrierMessageId: inbound.carrierMessageId, channelType: inbound.channelType, to: inbound.to };
  if (!inbound.carrier || !inbound.carrierMessageId || !inbound.channelType || !inbound.from || !inbound.to) {
    deps.logger.warn('carrier inbound message skipped: incomplete', fields);
    return SKIP;
  }
  const receivedAt = validDate(inbound.receivedAt) ?? validDate(publishedAt);
  if (!receivedAt) {
    deps.logger.warn('carrier inbound message skipped: no time', fields);
    return SKIP;
  }
  try {
    const number = await deps.clients.routing.resolveNumber({ address: inbound.to, channelType: inbound.channelType }, { asService: true });
    return { kind: 'store', inbound, receivedAt, number: { accountId: number.accountId, subaccountId: number.subaccountId || undefined } };
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_FAILED')) {
      deps.logger.warn('carrier inbound message skipped: no account has the number it came to', { ...fields, code: error.code });
      return SKIP;
    }
    throw error;
  }
}
