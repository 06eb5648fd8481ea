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

export interface Behaviour {
  outcome: CarrierOutcome;
  afterSeconds: number;
}

/** Whose behaviour a part plays: its sender's account (when known) and its destination. */
export interface BehaviourKey {
  accountId: string | undefined;
  destination: string;
}

/** The behaviours of a group of parts, read in one statement. */
export type Behaviours = (key: BehaviourKey) => Behaviour | undefined;

// No account id holds a NUL (PostgreSQL text cannot), so the two kinds of key never meet.
const keyOf = (key: BehaviourKey) => (key.accountId === undefined ? `\u0000${key.destination}` : `${key.accountId}\u0000${key.destination}`);

/**
 * The behaviour for each destination: the account's when the sender number
 * told which account sent it (DECISIONS "Sandbox": behaviours are per account
 * and destination); otherwise the latest any account set for the destination.
 * Read on every submit_sm (never cached: PUT /v1/sandbox/carrier-behaviors
 * writes the table and the very next submit plays it), one statement per group.
 */
export async function findBehaviours(db: Knex, keys: readonly BehaviourKey[]): Promise<Behaviours> {
  const pairs = [...new Map(keys.filter((k) => k.accountId !== undefined).map((k) => [keyOf(k), [k.accountId!, k.destination]])).values()];
  const anyAccount = [...new Set(keys.filter((k) => k.accountId === undefined).map((k) => k.destination))];
  const selects: string[] = [];
  const bindings: string[] = [];
  if (pairs.length > 0) {
    selects.push(`select account_id, destination, outcome, after_seconds from carrier_behaviors where (account_id, destination) in (${pairs.map(() => '(?, ?)').join(', ')})`);
    bindings.push(...pairs.flat());
  }
  if (anyAccount.length > 0) {
    selects.push(
      `(select distinct on (destination) null::text as account_id, destination, outcome, after_seconds from carrier_behaviors
         where destination in (${anyAccount.map(() => '?').join(', ')}) order by destination, updated_at desc)`,
    );
    bindings.push(...anyAccount);
  }
  const found = new Map<string, Behaviour>();
  if (selects.length > 0) {
    const result = await db.raw<{ rows: Array<{ account_id: string | null; destination: string; outcome: CarrierOutcome; after_seconds: number }> }>(selects.join(' union all '), bindings);
    for (const row of result.rows) found.set(keyOf({ accountId: row.account_id ?? undefined, destination: row.destination }), { outcome: row.outcome, afterSeconds: row.after_seconds });
  }
  return (key) => found.get(keyOf(key));
}

/** An accepted part to file: the submission row and its due receipt. */
export interface SmscFiling {
  part: SubmittedPart;
  messageId: string;
  accountId: string | undefined;
  outcome: CarrierOutcome;
  now: Date;
  receipt: DueReceipt | undefined;
}

/**
 * Files accepted parts beside the HTTP carrier's submissions (one row per
 * submit_sm, `protocol = 'smpp'`, the wire fields with it) and their receipts,
 * in one statement (multi-row inserts, the receipts' in a CTE of the
 * submissions'): all stored or none, durable when it returns.
 */
export async function fileSmscParts(db: Knex, filings: readonly SmscFiling[]): Promise<void> {
  if (filings.length === 0) return;
  const submissions = db('carrier_submissions').insert(filings.map(submissionRow));
  const receipts = filings.flatMap((filed) => (filed.receipt ? [receiptRow(filed, filed.receipt)] : []));
  if (receipts.length === 0) await submissions;
  else await db.with('filed', submissions).insert(receipts).into('smsc_receipts');
}

function submissionRow({ part, messageId, accountId, outcome, now }: SmscFiling) {
  return {
    carrier_message_id: messageId,
    reference: smppReference(messageId),
    // Unknown when the sender number is no account's (an alphanumeric sender, a test's own number).
    account_id: accountId ?? '',
    channel: 'Sms',
    from_address: part.from,
    to_address: part.to,
    body: part.text,
    outcome,
    submitted_at: now,
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
  };
}

function receiptRow({ part, messageId }: SmscFiling, receipt: DueReceipt) {
  return {
    event_id: receipt.eventId,
    carrier_message_id: messageId,
    system_id: part.systemId,
    status: receipt.status,
    error_code: receipt.errorCode ?? null,
    occurred_at: receipt.dueAt,
    next_attempt_at: receipt.dueAt,
  };
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
