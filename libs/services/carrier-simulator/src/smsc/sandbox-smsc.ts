import { randomInt, randomUUID } from 'node:crypto';
import type { Clock } from '@mp/clock';
import { CommandStatus, commandStatusName, type PduOf } from '@mp/smpp';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { DEFAULT_AFTER_SECONDS, DEFAULT_OUTCOME } from '../behaviors/carrier-behavior.rules';
import { retryDelaySeconds } from '../callbacks/callback-retry.rules';
import { mobileOriginatedPdus, type MobileOriginated } from './mobile-originated';
import type { NumberOwners } from './number-owners';
import { receiptDeliverSm, UNDELIVERED_SMPP_ERR } from './receipt-deliver-sm';
import type { BindPdu, SmscConnection, SmscHandler, SubmitAnswer } from './smsc-connection';
import { ResubmissionMemory, smscPlayOf, type SmscPlay } from './smsc-behaviour.rules';
import { GroupCommit } from '@mp/db';
import { claimDueSmscReceipts, claimSmscReceipt, markSmscReceiptsFailed, markSmscReceiptsSent, releaseSmscReceipts, type SmscReceiptFailure, type SmscReceiptRow } from './smsc-receipts.repository';
import { smscMetrics } from './smsc-metrics';
import { SmscServer } from './smsc-server';
import type { SmscSettings } from './smsc-settings';
import { fileSmscParts, findBehaviours, type DueReceipt, type SmscFiling } from './smsc-submissions.repository';
import { readSubmittedPart, wantsReceipt, type SubmittedPart } from './submitted-part';

export interface SandboxSmscDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  owners: NumberOwners;
  settings: Pick<SmscSettings, 'host' | 'port' | 'systemId' | 'password'>;
  /** How long a deliver_sm waits for its deliver_sm_resp (default 10 s). */
  responseTimeoutMs?: number;
}

/** A part read from its submit_sm, waiting for its group. */
interface ArrivedPart {
  part: SubmittedPart;
  accountId: string | undefined;
}

/** What became of a part in its group: refused or dropped by its behaviour, filed, or not filed (the group's statement failed). */
type PartFate =
  | Exclude<SmscPlay, { kind: 'accept' }>
  | { kind: 'filed'; messageId: string; receiptFirst: string | undefined }
  | { kind: 'not-filed'; error: unknown };

/** What became of a receipt's deliver_sm, marked for the whole pass at once. */
type ReceiptFate = { kind: 'sent'; eventId: string } | { kind: 'failed'; failure: SmscReceiptFailure } | { kind: 'released'; eventId: string };

/** What became of a mobile-originated message. */
export type InboundDelivery = { delivered: true; parts: number } | { delivered: false; reason: string };

const RECEIPTS_PER_PASS = 50;
// Longer than a deliver_sm can wait for its answer, so a claimed receipt is not sent twice.
const LEASE_MS = 60_000;

/**
 * The sandbox SMSC (issue 28 point 7): binds ESMEs with the configured
 * system_id and password, files each submit_sm, plays the destination's
 * carrier behaviour as SMPP would, sends receipts as deliver_sm to whichever
 * session of that system_id is bound to receive (kept while none is, and
 * retried when unanswered), and delivers mobile-originated messages.
 */
export class SandboxSmsc implements SmscHandler {
  private server: SmscServer | undefined;
  private readonly resubmissions = new ResubmissionMemory();
  private delivering: Promise<number> | undefined;
  private idCounter = randomInt(0, 100_000);
  private nextReceiver = 0;
  // Group commit: submit_sm arriving together share one behaviour read and one filing statement.
  private readonly arrivals = new GroupCommit<ArrivedPart, PartFate>((parts) => this.fileGroup(parts));

  constructor(private readonly deps: SandboxSmscDeps) {}

  async start(): Promise<void> {
    const { host, port } = this.deps.settings;
    this.server = await SmscServer.start({ host, port, handler: this, responseTimeoutMs: this.deps.responseTimeoutMs });
    this.deps.logger.info('sandbox SMSC listening', { host, port: this.server.port, systemId: this.deps.settings.systemId });
  }

  get port(): number {
    if (!this.server) throw new Error('the sandbox SMSC is not listening');
    return this.server.port;
  }

  /** Whether a session of the configured system_id is bound to receive (messaging sends SMS over SMPP). */
  get hasReceiver(): boolean {
    return (this.server?.receiversOf(this.deps.settings.systemId).length ?? 0) > 0;
  }

  /** Sessions bound now. */
  get boundSessions(): readonly SmscConnection[] {
    return this.server?.bound ?? [];
  }

  /** Unbinds every session and stops listening. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.stop();
    // Parts taken before the stop are filed (or failed) before the database may go.
    await this.arrivals.idle();
    await this.delivering;
  }

  bind(pdu: BindPdu): number {
    const { systemId, password } = this.deps.settings;
    let status: number = CommandStatus.ESME_ROK;
    if (pdu.systemId !== systemId) status = CommandStatus.ESME_RINVSYSID;
    else if (pdu.password !== password) status = CommandStatus.ESME_RINVPASWD;
    if (status !== CommandStatus.ESME_ROK) this.deps.logger.warn('SMSC bind refused', { systemId: pdu.systemId, command: pdu.command, status: commandStatusName(status) });
    smscMetrics.bind(status === CommandStatus.ESME_ROK ? 'bound' : commandStatusName(status));
    return status;
  }

  bound(connection: SmscConnection): void {
    this.deps.logger.info('SMSC session bound', { systemId: connection.systemId, mode: connection.mode, remote: connection.remote });
    // Receipts kept while nobody was bound go out now, not at the next job pass.
    if (connection.canReceive) {
      this.deliverDue().catch((error: unknown) => this.deps.logger.warn('SMSC receipts not sent on bind; the job retries', { error: (error as Error)?.message ?? String(error) }));
    }
  }

  closed(connection: SmscConnection): void {
    this.deps.logger.info('SMSC session closed', { systemId: connection.systemId, mode: connection.mode, remote: connection.remote });
  }

  fault(connection: SmscConnection, what: string, detail: Record<string, unknown>): void {
    this.deps.logger.warn(`SMSC ${what}`, { systemId: connection.systemId, remote: connection.remote, ...detail });
    smscMetrics.fault(what);
  }

  async submit(pdu: PduOf<'submit_sm'>, bytes: Buffer, connection: SmscConnection): Promise<SubmitAnswer> {
    const answer = await this.answerSubmit(pdu, bytes, connection);
    smscMetrics.submit(answer.kind === 'drop' ? 'dropped' : commandStatusName(answer.commandStatus));
    return answer;
  }

  private async answerSubmit(pdu: PduOf<'submit_sm'>, bytes: Buffer, connection: SmscConnection): Promise<SubmitAnswer> {
    const check = readSubmittedPart(pdu, bytes, connection.systemId);
    if (!check.ok) {
      this.deps.logger.warn('SMSC submit_sm refused', { reason: check.reason, status: commandStatusName(check.commandStatus) });
      return { kind: 'answer', commandStatus: check.commandStatus, messageId: '' };
    }
    const part = check.part;
    const accountId = await this.deps.owners(part.from);
    // Answered only once its group's statement has returned: a submit_sm_resp never precedes its row.
    const fate = await this.arrivals.add({ part, accountId });
    switch (fate.kind) {
      case 'drop':
        this.deps.logger.info('SMSC dropping the connection (drop-connection behaviour)', { to: part.to, remote: connection.remote });
        return fate;
      case 'refuse':
        return { kind: 'answer', commandStatus: fate.commandStatus, messageId: '' };
      case 'not-filed':
        // As a lone part's failed filing: the connection answers ESME_RSYSERR and counts the fault.
        throw fate.error;
      case 'filed':
        if (fate.receiptFirst && connection.canReceive) {
          // The receipt overtakes the submit_sm_resp (a field problem ESMEs must survive).
          const row = await this.claimOne(fate.receiptFirst);
          if (row) await this.settleReceipts([await this.deliverOne(connection, row)]);
        }
        return { kind: 'answer', commandStatus: CommandStatus.ESME_ROK, messageId: fate.messageId };
    }
  }

  /**
   * One group of parts: their behaviours in one read (after each part arrived,
   * so a behaviour set before its submit_sm is played), each part's play in
   * arrival order, and the accepted ones filed in one statement. A failed
   * filing fails the group's accepted parts only; refusals stand.
   */
  private async fileGroup(parts: ArrivedPart[]): Promise<PartFate[]> {
    const behaviours = await findBehaviours(
      this.deps.db,
      parts.map(({ part, accountId }) => ({ accountId, destination: part.to })),
    );
    const now = this.deps.clock.now();
    const filings: SmscFiling[] = [];
    const fates = parts.map(({ part, accountId }): PartFate | { filing: SmscFiling; receiptFirst: boolean } => {
      const behaviour = behaviours({ accountId, destination: part.to });
      const outcome = behaviour?.outcome ?? DEFAULT_OUTCOME;
      const play = smscPlayOf(outcome, part, this.resubmissions.count(resubmissionKey(part)));
      if (play.kind !== 'accept') return play;
      const receipted = play.receipt !== 'none' && wantsReceipt(part.registeredDelivery, play.receipt === 'delivered');
      const afterSeconds = play.receiptFirst ? 0 : (behaviour?.afterSeconds ?? DEFAULT_AFTER_SECONDS);
      const receipt: DueReceipt | undefined = receipted
        ? {
            eventId: randomUUID(),
            status: play.receipt as 'delivered' | 'undelivered',
            errorCode: play.receipt === 'undelivered' ? UNDELIVERED_SMPP_ERR : undefined,
            dueAt: new Date(now.getTime() + afterSeconds * 1000),
          }
        : undefined;
      const filing: SmscFiling = { part, messageId: this.newMessageId(), accountId, outcome, now, receipt };
      filings.push(filing);
      return { filing, receiptFirst: play.receiptFirst };
    });
    let failure: { error: unknown } | undefined;
    try {
      await fileSmscParts(this.deps.db, filings);
    } catch (error) {
      failure = { error };
    }
    return fates.map((fate) => {
      if (!('filing' in fate)) return fate;
      if (failure) return { kind: 'not-filed', error: failure.error };
      const { messageId, receipt } = fate.filing;
      return { kind: 'filed', messageId, receiptFirst: fate.receiptFirst && receipt ? receipt.eventId : undefined };
    });
  }

  /** Sends the receipts that are due to bound receivers; the due-work job's pass. Returns how many were tried. */
  deliverDue(): Promise<number> {
    // One pass at a time: a bind and the job may both ask.
    this.delivering ??= this.deliverPass().finally(() => (this.delivering = undefined));
    return this.delivering;
  }

  /**
   * Delivers a mobile-originated message to a bound receiver of `systemId`
   * (the configured one by default), its parts in order, each answered before
   * the next goes.
   */
  async deliverMobileOriginated(mo: MobileOriginated, systemId = this.deps.settings.systemId): Promise<InboundDelivery> {
    const receiver = this.receiverOf(systemId);
    if (!receiver) return { delivered: false, reason: `no session of ${systemId} is bound to receive` };
    let pdus: ReturnType<typeof mobileOriginatedPdus>;
    try {
      pdus = mobileOriginatedPdus(mo);
    } catch (error) {
      // More than 255 parts, or an address SMPP cannot carry.
      return { delivered: false, reason: (error as Error).message };
    }
    for (const pdu of pdus) {
      try {
        const response = await receiver.request(pdu);
        if (response.commandStatus !== CommandStatus.ESME_ROK) return { delivered: false, reason: `deliver_sm answered ${commandStatusName(response.commandStatus)}` };
      } catch (error) {
        return { delivered: false, reason: (error as Error).message };
      }
    }
    return { delivered: true, parts: pdus.length };
  }

  private async deliverPass(): Promise<number> {
    const systemId = this.deps.settings.systemId;
    let tried = 0;
    while (this.receiverOf(systemId)) {
      const now = this.deps.clock.now();
      const due = await claimDueSmscReceipts(this.deps.db, systemId, now, RECEIPTS_PER_PASS, new Date(now.getTime() + LEASE_MS));
      if (due.length === 0) break;
      const fates = await Promise.all(
        due.map(async (row): Promise<ReceiptFate> => {
          const receiver = this.receiverOf(systemId);
          if (!receiver) return { kind: 'released', eventId: row.event_id };
          tried++;
          return this.deliverOne(receiver, row);
        }),
      );
      await this.settleReceipts(fates);
    }
    return tried;
  }

  private async claimOne(eventId: string): Promise<SmscReceiptRow | undefined> {
    const now = this.deps.clock.now();
    return claimSmscReceipt(this.deps.db, eventId, now, new Date(now.getTime() + LEASE_MS));
  }

  /** One receipt as deliver_sm: sent when answered ESME_ROK, else to be retried with backoff (marked by settleReceipts). */
  private async deliverOne(receiver: SmscConnection, row: SmscReceiptRow): Promise<ReceiptFate> {
    let error: string;
    try {
      const response = await receiver.request(receiptDeliverSm(row));
      if (response.commandStatus === CommandStatus.ESME_ROK) {
        smscMetrics.receipt('sent');
        return { kind: 'sent', eventId: row.event_id };
      }
      error = `deliver_sm answered ${commandStatusName(response.commandStatus)}`;
    } catch (failure) {
      error = (failure as Error).message;
    }
    smscMetrics.receipt('retry');
    const attempts = row.attempts + 1;
    const delay = retryDelaySeconds(attempts);
    this.deps.logger.warn('SMSC receipt not taken; will retry', { messageId: row.carrier_message_id, attempts, retryInSeconds: delay, error });
    return { kind: 'failed', failure: { eventId: row.event_id, attempts, nextAttemptAt: new Date(this.deps.clock.now().getTime() + delay * 1000), error } };
  }

  /**
   * Marks what became of a pass's receipts: one statement for those sent, one
   * for those to retry, one for those released. Until then each stays claimed
   * (its lease outlasts a deliver_sm's wait), so none is sent twice meanwhile.
   */
  private async settleReceipts(fates: readonly ReceiptFate[]): Promise<void> {
    const now = this.deps.clock.now();
    const of = <K extends ReceiptFate['kind']>(kind: K) => fates.filter((f): f is Extract<ReceiptFate, { kind: K }> => f.kind === kind);
    await Promise.all([
      markSmscReceiptsSent(this.deps.db, of('sent').map((f) => f.eventId), now),
      markSmscReceiptsFailed(this.deps.db, of('failed').map((f) => f.failure)),
      releaseSmscReceipts(this.deps.db, of('released').map((f) => f.eventId), now),
    ]);
  }

  /** A bound receiver of `systemId`, taking turns when several are bound. */
  private receiverOf(systemId: string): SmscConnection | undefined {
    const receivers = this.server?.receiversOf(systemId) ?? [];
    if (receivers.length === 0) return undefined;
    return receivers[this.nextReceiver++ % receivers.length];
  }

  /** Decimal ids (Kannel's msg-id-type reads them as numbers): milliseconds and a counter, unique across restarts. */
  private newMessageId(): string {
    this.idCounter = (this.idCounter + 1) % 100_000;
    return `${Date.now()}${String(this.idCounter).padStart(5, '0')}`;
  }
}

/** A resubmission is the same bytes from the same bind to the same destination. */
function resubmissionKey(part: SubmittedPart): string {
  return [part.systemId, part.sourceAddr, part.destinationAddr, part.esmClass, part.dataCoding, part.shortMessage.toString('hex'), part.tlvs.messagePayload?.toString('hex') ?? ''].join('|');
}
