import type { Knex } from 'knex';
import type { CarrierOutcome } from '../behaviors/carrier-behavior.rules';
import { tlvsAsJson, type SubmittedPart } from './submitted-part';

/** The receipt a filed part is due to get, by the sandbox clock. */
export interface DueReceipt {
  eventId: string;
  status: 'delivered' | 'undelivered';
  errorCode: string | undefined;
  dueAt: Date;
}

/** The reference of an SMPP submission: SMPP carries no idempotency key, so the SMSC's own message_id stands in. */
export const smppReference = (messageId: string) => `smpp:${messageId}`;

/**
 * The behaviour for a destination: the account's when the sender number told
 * which account sent it (DECISIONS "Sandbox": behaviours are per account and
 * destination); otherwise the latest any account set for the destination.
 */
export async function findBehaviour(db: Knex, accountId: string | undefined, destination: string): Promise<{ outcome: CarrierOutcome; afterSeconds: number } | undefined> {
  const query = db('carrier_behaviors').where({ destination });
  if (accountId !== undefined) query.where({ account_id: accountId });
  const row = (await query.orderBy('updated_at', 'desc').first('outcome', 'after_seconds')) as { outcome: CarrierOutcome; after_seconds: number } | undefined;
  return row && { outcome: row.outcome, afterSeconds: row.after_seconds };
}

/**
 * Files an accepted part beside the HTTP carrier's submissions (one row per
 * submit_sm, `protocol = 'smpp'`, the wire fields with it) and its receipt,
 * in one transaction.
 */
export async function fileSmscPart(
  db: Knex,
  filed: { part: SubmittedPart; messageId: string; accountId: string | undefined; outcome: CarrierOutcome; now: Date; receipt: DueReceipt | undefined },
): Promise<void> {
  const { part, messageId, receipt } = filed;
  await db.transaction(async (trx) => {
    await trx('carrier_submissions').insert({
      carrier_message_id: messageId,
      reference: smppReference(messageId),
      // Unknown when the sender number is no account's (an alphanumeric sender, a test's own number).
      account_id: filed.accountId ?? '',
      channel: 'Sms',
      from_address: part.from,
      to_address: part.to,
      body: part.text,
      outcome: filed.outcome,
      submitted_at: filed.now,
      protocol: 'smpp',
      smpp_system_id: part.systemId,
      smpp_pdu: part.pdu,
      source_addr_ton: part.sourceAddrTon,
      source_addr_npi: part.sourceAddrNpi,
      source_addr: part.sourceAddr,
      dest_addr_ton: part.destAddrTon,
      dest_addr_npi: part.destAddrNpi,
      destination_addr: part.destinationAddr,
      esm_class: part.esmClass,
      data_coding: part.dataCoding,
      registered_delivery: part.registeredDelivery,
      short_message: part.shortMessage,
      tlvs: JSON.stringify(tlvsAsJson(part.tlvs)),
      part_reference: part.concatenation?.reference ?? null,
      part_total: part.concatenation?.total ?? null,
      part_seq: part.concatenation?.seq ?? null,
    });
    if (receipt) {
      await trx('smsc_receipts').insert({
        event_id: receipt.eventId,
        carrier_message_id: messageId,
        system_id: part.systemId,
        status: receipt.status,
        error_code: receipt.errorCode ?? null,
        occurred_at: receipt.dueAt,
        next_attempt_at: receipt.dueAt,
      });
    }
  });
}

/** A part the sandbox SMSC filed, as tests and the sandbox read it back. */
export interface SmscSubmission {
  messageId: string;
  accountId: string;
  systemId: string;
  from: string;
  to: string;
  /** This part's decoded text. */
  text: string;
  outcome: string;
  submittedAt: Date;
  sourceAddrTon: number;
  sourceAddrNpi: number;
  sourceAddr: string;
  destAddrTon: number;
  destAddrNpi: number;
  destinationAddr: string;
  esmClass: number;
  dataCoding: number;
  registeredDelivery: number;
  /** short_message octets as hex, byte for byte. */
  shortMessageHex: string;
  tlvs: Record<string, unknown>;
  part: { reference: number; total: number; seq: number } | undefined;
  /** The whole submit_sm as received, hex. */
  pduHex: string;
}

interface SubmissionRow {
  carrier_message_id: string;
  account_id: string;
  smpp_system_id: string;
  from_address: string;
  to_address: string;
  body: string;
  outcome: string;
  submitted_at: Date;
  source_addr_ton: number;
  source_addr_npi: number;
  source_addr: string;
  dest_addr_ton: number;
  dest_addr_npi: number;
  destination_addr: string;
  esm_class: number;
  data_coding: number;
  registered_delivery: number;
  short_message: Buffer;
  tlvs: Record<string, unknown> | string;
  part_reference: number | null;
  part_total: number | null;
  part_seq: number | null;
  smpp_pdu: Buffer;
}

/** The SMPP submissions to `to` (all when undefined), in the order they were filed. */
export async function listSmscSubmissions(db: Knex, filter: { to?: string } = {}): Promise<SmscSubmission[]> {
  const query = db('carrier_submissions').where({ protocol: 'smpp' });
  if (filter.to !== undefined) query.where({ to_address: filter.to });
  const rows = (await query.orderBy('submitted_at').orderBy('carrier_message_id')) as SubmissionRow[];
  return rows.map((row) => ({
    messageId: row.carrier_message_id,
    accountId: row.account_id,
    systemId: row.smpp_system_id,
    from: row.from_address,
    to: row.to_address,
    text: row.body,
    outcome: row.outcome,
    submittedAt: new Date(row.submitted_at),
    sourceAddrTon: row.source_addr_ton,
    sourceAddrNpi: row.source_addr_npi,
    sourceAddr: row.source_addr,
    destAddrTon: row.dest_addr_ton,
    destAddrNpi: row.dest_addr_npi,
    destinationAddr: row.destination_addr,
    esmClass: row.esm_class,
    dataCoding: row.data_coding,
    registeredDelivery: row.registered_delivery,
    shortMessageHex: Buffer.from(row.short_message).toString('hex'),
    tlvs: typeof row.tlvs === 'string' ? (JSON.parse(row.tlvs) as Record<string, unknown>) : row.tlvs,
    part: row.part_total === null ? undefined : { reference: row.part_reference!, total: row.part_total, seq: row.part_seq! },
    pduHex: Buffer.from(row.smpp_pdu).toString('hex'),
  }));
}
