import type { Clock } from '@mp/clock';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { assembleInbound, type AssembledInbound, type InboundPart } from './inbound-reassembly.rules';
import type { ProviderCallbackHandoff } from './provider-callback-handoff';
import { handoffFailures, inboundHanded, inboundUndecodable } from './smpp-delivery-metrics';
import { markDeliveries, pendingInbound, type SmppDeliveryRow } from './smpp-deliveries.repository';

export interface InboundStepDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  providerCallback: ProviderCallbackHandoff;
}

/** What an inbound callback's body may hold (provider-callback MAX_INBOUND_BODY_LENGTH). */
const MAX_BODY_CHARACTERS = 4096;
const PENDING_PER_PASS = 500;

/** An address as E.164 when it is one written without its `+` (international TON, or digits only); else as sent (alphanumeric). */
export function addressOf(addr: string, ton?: number): string {
  const trimmed = addr.trim();
  if (/^\+\d{6,15}$/.test(trimmed)) return trimmed;
  if (/^\d{6,15}$/.test(trimmed) && (ton === undefined || ton === 1 || ton === 0)) return `+${trimmed}`;
  return trimmed;
}

/** The message's carrier id: from its first stored part, so a reprocess (or a resend, one row) hands on the same id. */
export const inboundMessageId = (connection: string, firstId: string) => `smpp:${connection}:mo:${firstId}`;

const partOf = (row: SmppDeliveryRow): InboundPart => ({
  id: String(row.id),
  sourceAddr: row.source_addr,
  destAddr: row.dest_addr,
  dataCoding: row.data_coding,
  concatRef: row.concat_ref,
  concatTotal: row.concat_total,
  concatSeq: row.concat_seq,
  text: Buffer.from(row.short_message),
  receivedAt: new Date(row.received_at),
});

async function handOn(deps: InboundStepDeps, connection: string, rows: Map<string, SmppDeliveryRow>, message: AssembledInbound): Promise<boolean> {
  const ids = message.parts.map((p) => p.id);
  const now = deps.clock.now();
  if (!message.body) {
    inboundUndecodable.inc({ connection });
    deps.logger.warn('SMPP inbound message without text (binary data_coding or empty), not handed on', { connection, dataCoding: message.parts[0].dataCoding, parts: ids.length });
    await markDeliveries(deps.db, ids, 'undecodable', now);
    return true;
  }
  if (!message.complete) {
    deps.logger.warn('SMPP inbound message incomplete at the time limit, handed on with the parts that came', {
      connection,
      arrived: new Set(message.parts.map((p) => p.concatSeq)).size,
      total: message.parts[0].concatTotal,
    });
  }
  const first = rows.get(message.firstId)!;
  const id = inboundMessageId(connection, message.firstId);
  try {
    await deps.providerCallback.recordCarrierInbound({
      carrier: connection,
      eventId: id,
      carrierMessageId: id,
      channel: 'Sms',
      from: addressOf(first.source_addr, first.source_ton),
      to: addressOf(first.dest_addr),
      body: [...message.body].slice(0, MAX_BODY_CHARACTERS).join(''),
      receivedAt: message.receivedAt.toISOString(),
    });
  } catch (error) {
    handoffFailures.inc({ connection, what: 'inbound' });
    deps.logger.warn('SMPP inbound message not handed to provider-callback yet (retried)', { connection, error });
    return false;
  }
  await markDeliveries(deps.db, ids, 'applied', now);
  inboundHanded.inc({ connection, completeness: message.complete ? 'complete' : 'incomplete' });
  return true;
}

/**
 * Pending inbound parts put together (any order; an incomplete message after
 * `limitMs` with what came) and handed to provider-callback's
 * RecordCarrierInbound, which stores each once per carrier message id and
 * announces it on carrier.inbound like an HTTP inbound callback. Answers how
 * many messages were handed on (or set aside as undecodable).
 */
export async function deliverInbound(deps: InboundStepDeps, limitMs: number): Promise<number> {
  const pending = await pendingInbound(deps.db, PENDING_PER_PASS);
  const byConnection = new Map<string, SmppDeliveryRow[]>();
  for (const row of pending) byConnection.set(row.connection, [...(byConnection.get(row.connection) ?? []), row]);
  let handled = 0;
  for (const [connection, rows] of byConnection) {
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    for (const message of assembleInbound(rows.map(partOf), deps.clock.now(), limitMs)) {
      if (!(await handOn(deps, connection, byId, message))) break;
      handled += 1;
    }
  }
  return handled;
}
