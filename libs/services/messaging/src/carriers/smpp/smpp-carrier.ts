import type { ConnectionOptions } from 'node:tls';
import {
  CommandStatus,
  ConnectionLost,
  MalformedResponse,
  NotBound,
  ResponseTimeout,
  SmppEncodeError,
  commandStatusName,
  type Clock,
  type ReconnectDelayOptions,
  type SmppSessionEvent,
} from '@mp/smpp';
import type { Logger } from '@mp/telemetry';
import type { Channel } from '../../rules';
import type { CarrierAdapter, CarrierOutcome, CarrierSubmission } from '../carrier.port';
import type { SmppConnection } from '@mp/carrier-connections';
import { BindPool } from './bind-pool';
import { ConnectionPacer } from './connection-pacer';
import type { SmppConnectionStatus } from './smpp-connection-status';
import { SmppMetrics, type ResubmissionCause } from './smpp-metrics';
import { UnboundWatch } from './unbound-watch';
import type { SmppDeliverHandler, SmppPartLedger, SubmittedPart } from './smpp-ports';
import { submitVerdict } from './submit-status';
import { prepareSubmission, type SubmitPart } from './submission-parts';

export interface SmppCarrierPorts {
  /** Every accepted part's message_id goes here before `accepted` is answered. */
  ledger: SmppPartLedger;
  /** Every deliver_sm (receipt or inbound) of every bind; its answer is the deliver_sm_resp status. */
  onDeliverSm: SmppDeliverHandler;
}

export interface SmppCarrierOptions {
  logger?: Logger;
  /** Node TLS options (a private CA) for a connection with `tls: true`. */
  tls?: ConnectionOptions;
  /** Back-off between bind attempts (default 1 s doubling to 60 s, ±20 %). */
  reconnect?: ReconnectDelayOptions;
  /** Pacing's time source (tests). */
  clock?: Clock;
  /** How long a throttle keeps the rate halved (default 30 000 ms). */
  slowdownMs?: number;
  /** Pacing's allowance for the SMSC seeing our writes late (ConnectionPacer guardMs, default 50 ms). */
  pacingGuardMs?: number;
  /** Throttled answers to one part before the submission is left transient (default 10). */
  throttleRetries?: number;
  /** Pause before a throttled part is retried (default 1 000 ms). */
  throttlePauseMs?: number;
  /** How long close() waits for submissions in flight before unbinding (default 2 × responseTimeoutSeconds). */
  closeTimeoutMs?: number;
  /**
   * Open no bind until openBind(slot): a bind lease keeper opens the slots
   * this replica holds, so replicas together never exceed `binds` (issue 28
   * point 6). Without it every bind opens at construction.
   */
  bindLeases?: boolean;
  /** Binds held with none bound this long: a warn line naming the connection and its last bind error (default 30 000 ms). */
  unboundWarnMs?: number;
}

type PartResult = { ok: true; messageId: string } | { ok: false; outcome: CarrierOutcome; unconfirmed?: ResubmissionCause };

const transient = (reason: string, error?: unknown): CarrierOutcome => ({ kind: 'transient', reason, ...(error === undefined ? {} : { error }) });

/**
 * SMS over one SMPP 3.4 connection (issue 28 point 2), behind the one carrier
 * port. Binding starts at construction: `binds` transceiver sessions, each
 * rebinding with jittered back-off after a loss; with `bindLeases` only the
 * slots a lease keeper opens (the replica's share of `binds`). A submission
 * is split where billing split it, paced by segments for the whole connection, and each part
 * goes to the bound session with the most window room.
 *
 * Outcomes (CARRIERS.md §1.2): ESME_RTHROTTLED / ESME_RMSGQFUL halve the
 * connection's rate and retry the part (up to throttleRetries, then
 * transient); ESME_RSYSERR, no bound session and unknown statuses are
 * transient; a missing, lost or unreadable submit_sm_resp is transient and
 * counted as a resubmission (SMPP has no idempotency key: the retry may
 * duplicate); invalid addresses and ESME_RSUBMITFAIL are `rejected` with the
 * status's name as the carrier error code; a PDU the SMSC cannot read is `invalid`.
 *
 * A long message cut short: parts go out in order and stop at the first that
 * fails. The parts already accepted are recorded all the same (so their
 * receipts find the message), and the message gets the failing part's
 * outcome: a refusal fails it (resending would resend parts the handset has
 * and be refused again); a transient failure leaves it queued, so dispatch
 * sends it whole again under a new concatenation reference, and the handset
 * may show the first try's parts as a fragment (counted as resubmissions,
 * cause `partial-multipart`). An accepted message's carrierMessageId is its
 * first part's message_id; the ledger holds every part's.
 */
export class SmppCarrier implements CarrierAdapter {
  readonly channels: readonly Channel[] = ['Sms'];
  private readonly pool: BindPool;
  private readonly pacer: ConnectionPacer;
  private readonly metrics: SmppMetrics;
  private readonly unwatch: () => void;
  private readonly watchTimer: NodeJS.Timeout;
  private readonly counts = {
    submits: { accepted: 0, rejected: 0, transient: 0, invalid: 0 },
    throttles: 0,
    resubmissions: { responseTimeout: 0, connectionLost: 0, malformedResponse: 0, partialMultipart: 0, ledgerFailed: 0 },
  };
  private reference = Math.floor(Math.random() * 0x10000);
  private inFlight = 0;
  private drained: (() => void) | undefined;
  private closing: Promise<void> | undefined;

  constructor(
    readonly connection: SmppConnection,
    private readonly ports: SmppCarrierPorts,
    private readonly options: SmppCarrierOptions = {},
  ) {
    this.metrics = new SmppMetrics(connection.name);
    this.pacer = new ConnectionPacer(connection.throughputPerSecond, { clock: options.clock, slowdownMs: options.slowdownMs, guardMs: options.pacingGuardMs });
    this.pool = new BindPool({
      connection,
      tls: options.tls,
      reconnect: options.reconnect,
      onDeliverSm: (pdu) => ports.onDeliverSm(connection, pdu),
      onEvent: (bind, event) => this.onSessionEvent(bind, event),
      slots: options.bindLeases ? 'leased' : 'all',
    });
    this.unwatch = this.metrics.watch(() => this.status());
    const unbound = new UnboundWatch({ connection: connection.name, logger: options.logger, afterMs: options.unboundWarnMs });
    this.watchTimer = setInterval(() => unbound.observe(this.status()), Math.min(5000, Math.max(10, (options.unboundWarnMs ?? 30_000) / 3)));
    this.watchTimer.unref();
  }

  /** Starts binding `slot` (0 .. binds-1), whose lease this replica holds. */
  openBind(slot: number): void {
    if (!this.closing) this.pool.open(slot);
  }

  /** Unbinds `slot` (its window drains first; closed by `withinMs` if given): its lease is given up or lost. */
  closeBind(slot: number, withinMs?: number): Promise<void> {
    return this.pool.close(slot, withinMs);
  }

  /** Slots with a session open here. */
  get heldSlots(): number[] {
    return this.pool.openSlots;
  }

  /** A session is bound here and the carrier is not closing: dispatch may claim SMS for it. */
  canSend(): boolean {
    return !this.closing && this.pool.bound > 0;
  }

  /** Submissions this replica's bound sessions take at once: a window each. */
  inFlightCapacity(): number {
    return this.connection.window * this.pool.bound;
  }

  async submit(submission: CarrierSubmission): Promise<CarrierOutcome> {
    if (this.closing) return transient(`SMPP connection ${this.connection.name} is closing`);
    this.inFlight++;
    try {
      const outcome = await this.send(submission);
      this.counts.submits[outcome.kind]++;
      this.metrics.submission(outcome.kind);
      return outcome;
    } finally {
      if (--this.inFlight === 0) this.drained?.();
    }
  }

  status(): SmppConnectionStatus {
    const slowedUntil = this.pacer.slowedUntil;
    return {
      connection: this.connection.name,
      ready: this.pool.bound > 0,
      configuredBinds: this.connection.binds,
      heldBinds: this.pool.openSlots.length,
      boundSessions: this.pool.bound,
      windowInUse: this.pool.windowInUse,
      windowSize: this.connection.window * this.pool.openSlots.length,
      pacing: {
        configuredPerSecond: this.pacer.configuredPerSecond,
        currentPerSecond: this.pacer.ratePerSecond,
        ...(slowedUntil === undefined ? {} : { slowedUntil: new Date(slowedUntil).toISOString() }),
      },
      submits: { ...this.counts.submits },
      throttles: this.counts.throttles,
      resubmissions: { ...this.counts.resubmissions },
      bindErrors: this.pool.errors,
      inFlight: this.inFlight,
      closing: this.closing !== undefined,
    };
  }

  /**
   * Graceful stop: new submissions are answered transient at once, those in
   * flight finish (at most closeTimeoutMs), then every session unbinds after
   * its window drains.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.inFlight > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => (this.drained = resolve)),
          new Promise<void>((resolve) => (timer = setTimeout(resolve, this.options.closeTimeoutMs ?? 2 * this.connection.responseTimeoutSeconds * 1000))),
        ]);
        clearTimeout(timer);
      }
      await this.pool.stop();
      clearInterval(this.watchTimer);
      this.unwatch();
    })();
    return this.closing;
  }

  private async send(submission: CarrierSubmission): Promise<CarrierOutcome> {
    if (this.pool.bound === 0) return this.noBind();
    // SMPP cannot deduplicate a repeat; the ledger can: every part recorded means the SMSC took this very submission.
    let before: string | undefined;
    try {
      before = await this.ports.ledger.acceptedBefore(this.connection.name, submission.reference);
    } catch (error) {
      return transient('the SMPP part ledger could not be read', error);
    }
    if (before !== undefined) {
      this.options.logger?.info('SMPP submission already accepted by the SMSC (its parts are in the ledger): not sent again', {
        connection: this.connection.name,
        reference: submission.reference,
      });
      return { kind: 'accepted', carrierMessageId: before };
    }
    let prepared;
    try {
      prepared = prepareSubmission(this.connection, submission, this.nextReference());
    } catch (error) {
      if (error instanceof SmppEncodeError) return { kind: 'invalid', reason: `the message cannot be sent over SMPP: ${error.message}` };
      throw error;
    }
    const accepted: SubmittedPart[] = [];
    const partCount = prepared.parts.length;
    for (const [partIndex, part] of prepared.parts.entries()) {
      const result = await this.submitPart(part);
      if (result.ok) {
        accepted.push({ connection: this.connection.name, smscMessageId: result.messageId, reference: submission.reference, partIndex, partCount });
        continue;
      }
      if (result.unconfirmed) this.countResubmission(result.unconfirmed);
      if (accepted.length === 0) return result.outcome;
      return this.cutShort(submission, accepted, partIndex, result.outcome);
    }
    try {
      await this.ports.ledger.recordParts(accepted);
    } catch (error) {
      // Without the ids no receipt can find the message; dispatch could not record `accepted` either (same store).
      this.countResubmission('ledger-failed');
      this.options.logger?.error('SMPP part ledger failed: the accepted message stays queued and will be sent again', { connection: this.connection.name, reference: submission.reference, error });
      return transient('the SMSC accepted the message but its message_ids could not be recorded', error);
    }
    return { kind: 'accepted', carrierMessageId: accepted[0].smscMessageId };
  }

  /** A later part failed after earlier ones were accepted (see the class comment). */
  private async cutShort(submission: CarrierSubmission, accepted: SubmittedPart[], failedIndex: number, outcome: CarrierOutcome): Promise<CarrierOutcome> {
    const where = `part ${failedIndex + 1} of ${accepted[0].partCount} (${accepted.length} accepted before it)`;
    await this.ports.ledger.recordParts(accepted).catch((error: unknown) =>
      this.options.logger?.warn('SMPP part ledger failed for the parts of a message cut short', { connection: this.connection.name, reference: submission.reference, error }),
    );
    this.options.logger?.warn('SMPP long message cut short', { connection: this.connection.name, reference: submission.reference, where, outcome: outcome.kind });
    if (outcome.kind === 'transient') {
      this.countResubmission('partial-multipart');
      return { ...outcome, reason: `${where}: ${outcome.reason}` };
    }
    if (outcome.kind === 'rejected') return { ...outcome, message: `${where}: ${outcome.message}` };
    if (outcome.kind === 'invalid') return { ...outcome, reason: `${where}: ${outcome.reason}` };
    return outcome;
  }

  /** One submit_sm: paced, on the roomiest bound session, retried when throttled or when it never left. */
  private async submitPart(part: SubmitPart): Promise<PartResult> {
    let throttled = 0;
    let unsent = 0;
    for (;;) {
      const session = this.pool.pick();
      if (!session) return { ok: false, outcome: this.noBind() };
      let result;
      try {
        // Paced once the part holds a window slot: its segments count when it leaves, not before a wait for the window.
        result = await session.submit(part.fields, { beforeSend: () => this.pacer.take(part.segments) });
      } catch (error) {
        // Never reached the SMSC (the session went between pick and write): another bind may take it.
        const neverSent = error instanceof NotBound || (error instanceof ConnectionLost && !error.sent);
        if (neverSent && ++unsent <= this.connection.binds) continue;
        return this.failedSubmit(error);
      }
      if (result.commandStatus === CommandStatus.ESME_RINVBNDSTS) {
        // The SMSC no longer counts this session as bound: end it (after its window drains) so the pool binds afresh.
        this.options.logger?.warn('SMPP SMSC says the session is not bound: rebinding', { connection: this.connection.name });
        void session.unbind();
      }
      const verdict = submitVerdict(result.commandStatus);
      if (verdict === 'accepted') return { ok: true, messageId: result.messageId };
      const status = `${result.statusName} (0x${result.commandStatus.toString(16).padStart(8, '0')})`;
      if (verdict === 'throttled') {
        this.counts.throttles++;
        this.metrics.throttle();
        const before = this.pacer.ratePerSecond;
        this.pacer.slowDown();
        if (this.pacer.ratePerSecond < before) {
          this.options.logger?.warn('SMPP SMSC throttling: connection slowed down', { connection: this.connection.name, status, segmentsPerSecond: this.pacer.ratePerSecond });
        }
        if (++throttled > (this.options.throttleRetries ?? 10)) {
          return { ok: false, outcome: transient(`SMSC still throttling after ${throttled} tries: ${status}`) };
        }
        this.options.logger?.debug('SMPP submit throttled: slowing down and retrying', { connection: this.connection.name, status, ratePerSecond: this.pacer.ratePerSecond });
        await new Promise((resolve) => setTimeout(resolve, this.options.throttlePauseMs ?? 1000));
        continue;
      }
      if (verdict === 'rejected') return { ok: false, outcome: { kind: 'rejected', code: commandStatusName(result.commandStatus), message: `SMSC refused submit_sm: ${status}` } };
      if (verdict === 'invalid') return { ok: false, outcome: { kind: 'invalid', reason: `SMSC cannot read our submit_sm: ${status}` } };
      return { ok: false, outcome: transient(`SMSC answered ${status}`) };
    }
  }

  private failedSubmit(error: unknown): PartResult {
    if (error instanceof ResponseTimeout) {
      return { ok: false, unconfirmed: 'response-timeout', outcome: transient(`no submit_sm_resp within ${error.timeoutMs} ms: the SMSC may have taken it, a retry may duplicate`, error) };
    }
    if (error instanceof ConnectionLost && error.sent) {
      return { ok: false, unconfirmed: 'connection-lost', outcome: transient(`SMPP session lost (${error.reason.kind}) before submit_sm_resp: the SMSC may have taken it`, error) };
    }
    if (error instanceof MalformedResponse) {
      return { ok: false, unconfirmed: 'malformed-response', outcome: transient(`unreadable submit_sm_resp: ${error.decodeError.message}`, error) };
    }
    if (error instanceof NotBound || error instanceof ConnectionLost) return { ok: false, outcome: this.noBind() };
    if (error instanceof SmppEncodeError) return { ok: false, outcome: { kind: 'invalid', reason: `submit_sm cannot be encoded: ${error.message}` } };
    return { ok: false, outcome: transient(`SMPP submit failed: ${(error as Error)?.message ?? String(error)}`, error) };
  }

  private noBind(): CarrierOutcome {
    if (this.pool.openSlots.length === 0) return transient(`no bind held by this replica on ${this.connection.name}: its ${this.connection.binds} bind(s) are leased to other replicas`);
    const errors = this.pool.errors;
    return transient(`no bound SMPP session on ${this.connection.name}${errors.length > 0 ? ` (${[...new Set(errors)].join('; ')})` : ''}`);
  }

  private countResubmission(cause: ResubmissionCause): void {
    const key = ({ 'response-timeout': 'responseTimeout', 'connection-lost': 'connectionLost', 'malformed-response': 'malformedResponse', 'partial-multipart': 'partialMultipart', 'ledger-failed': 'ledgerFailed' } as const)[cause];
    this.counts.resubmissions[key]++;
    this.metrics.resubmission(cause);
  }

  /** UDH takes an 8-bit reference, SAR 16-bit: consecutive messages to one handset never share one within 256. */
  private nextReference(): number {
    this.reference = (this.reference + 1) & 0xffff;
    return this.connection.longMessages === 'udh' ? this.reference & 0xff : this.reference;
  }

  /** Every session event is counted; the ones an operator acts on are logged. */
  private onSessionEvent(bind: number, event: SmppSessionEvent): void {
    if (event.type === 'enquire-link-sent') return;
    const name = event.type === 'closed' ? `closed:${event.reason.kind}` : event.type;
    this.metrics.sessionEvent(name);
    const log = this.options.logger;
    if (!log) return;
    const fields = { connection: this.connection.name, bind };
    switch (event.type) {
      case 'bound':
        return log.info('SMPP session bound', { ...fields, smscSystemId: event.systemId });
      case 'bind-refused':
        return log.warn('SMPP bind refused', { ...fields, status: event.statusName });
      case 'closed':
        if (event.reason.kind === 'unbound') return log.info('SMPP session unbound', fields);
        return log.warn('SMPP session lost', { ...fields, reason: event.reason.kind, error: 'error' in event.reason ? event.reason.error : undefined });
      case 'malformed-pdu':
        return log.warn('SMPP PDU from the SMSC could not be read', { ...fields, error: event.error.message });
      case 'unknown-command':
        return log.warn('SMPP unknown command from the SMSC answered with generic_nack', { ...fields, commandId: event.commandId });
      case 'response-timeout':
        return log.warn('SMPP request unanswered', { ...fields, command: event.command, sequenceNumber: event.sequenceNumber });
      case 'deliver-handler-error':
        return log.error('SMPP deliver_sm could not be taken: answered ESME_RX_T_APPN', { ...fields, error: event.error });
      default:
        return log.debug(`SMPP ${event.type}`, fields);
    }
  }
}
