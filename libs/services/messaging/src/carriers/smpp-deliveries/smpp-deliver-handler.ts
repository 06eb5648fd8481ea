import type { Clock } from '@mp/clock';
import { CommandStatus, type PduOf } from '@mp/smpp';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { SmppConnection } from '@mp/carrier-connections';
import { normaliseSmscMessageId } from '../smpp/normalise-smsc-message-id';
import type { SmppDeliverHandler } from '../smpp/smpp-ports';
import { contentHashOf } from './content-hash';
import { classifyDeliverSm } from './deliver-sm-classification';
import { deliveryGroupCommit } from './delivery-group-commit';
import type { NewSmppDelivery } from './smpp-deliveries.repository';
import { deliverSmStored, deliverSmStoreFailures } from './smpp-delivery-metrics';

/** How long the same deliver_sm from a connection counts as the SMSC resending it. */
export const DEFAULT_RESEND_WINDOW_MS = 10 * 60_000;

export interface SmppDeliverHandlerDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  resendWindowMs?: number;
  /** Called after a new receipt or inbound part is stored (to run the job's pass now). */
  onStored?: () => void;
}

function rowOf(connection: SmppConnection, pdu: PduOf<'deliver_sm'>, receivedAt: Date): NewSmppDelivery {
  const found = classifyDeliverSm(pdu);
  const base = {
    connection: connection.name,
    content_hash: contentHashOf(pdu),
    source_addr: pdu.sourceAddr,
    source_ton: pdu.sourceAddrTon,
    dest_addr: pdu.destinationAddr,
    esm_class: pdu.esmClass,
    data_coding: pdu.dataCoding,
    short_message: Buffer.from(pdu.tlvs?.messagePayload ?? pdu.shortMessage),
    smsc_message_id: null,
    stat: null,
    err: null,
    network_error: null,
    concat_ref: null,
    concat_total: null,
    concat_seq: null,
    reason: null,
    received_at: receivedAt,
  };
  if (found.kind === 'receipt') {
    // A receipt's id is read as written; the ledger keyed the submitted id by idFormat.
    return { ...base, kind: 'receipt', state: 'pending', smsc_message_id: normaliseSmscMessageId(found.receiptedId, 'as-is'), stat: found.stat, err: found.err ?? null, network_error: found.networkError ?? null };
  }
  if (found.kind === 'unparseable') return { ...base, kind: 'unparseable', state: 'unparseable', reason: found.reason };
  const { concatenation } = found;
  return {
    ...base,
    kind: 'inbound',
    state: 'pending',
    short_message: found.text,
    concat_ref: concatenation?.reference ?? null,
    concat_total: concatenation?.total ?? null,
    concat_seq: concatenation?.seq ?? null,
  };
}

/**
 * The SmppDeliverHandler the adapter's binds call for every deliver_sm:
 * stored (one row, a resend within the window is the same row), then
 * ESME_ROK. deliver_sm that arrive together are stored in one insert
 * (deliveryGroupCommit), each answered once the insert holding its row has
 * committed. A failed insert answers ESME_RX_T_APPN, for the deliver_sm in
 * it, so the SMSC keeps them and sends them again. A receipt that cannot be
 * read is stored as unparseable and still acknowledged (an SMSC resending it
 * forever helps nobody), with a warn line and
 * smpp_deliver_sm_total{kind="unparseable"}.
 */
export function createSmppDeliverHandler(deps: SmppDeliverHandlerDeps): SmppDeliverHandler {
  const store = deliveryGroupCommit(deps.db, deps.resendWindowMs ?? DEFAULT_RESEND_WINDOW_MS);
  return async (connection, pdu) => {
    const row = rowOf(connection, pdu, deps.clock.now());
    try {
      const fresh = await store(row);
      if (!fresh) return CommandStatus.ESME_ROK;
      deliverSmStored.inc({ connection: connection.name, kind: row.kind });
      if (row.kind === 'unparseable') {
        deps.logger.warn('SMPP deliver_sm unparseable, kept and acknowledged', { connection: connection.name, reason: row.reason, esmClass: pdu.esmClass });
      } else deps.onStored?.();
      return CommandStatus.ESME_ROK;
    } catch (error) {
      deliverSmStoreFailures.inc({ connection: connection.name });
      deps.logger.error('SMPP deliver_sm not stored, answered ESME_RX_T_APPN', { connection: connection.name, error });
      return CommandStatus.ESME_RX_T_APPN;
    }
  };
}
