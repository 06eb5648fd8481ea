import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { CommandId, commandNameOf, isResponseId } from '../pdu/command-id';
import { CommandStatus, commandStatusName } from '../pdu/command-status';
import { errorResponseTo } from '../pdu/error-response';
import { encodePdu } from '../pdu/pdu-codec';
import type { Pdu, PduOf, ShortMessageFields } from '../pdu/pdu-types';
import type { SmppDecodeError, SmppFramingError } from '../pdu/smpp-errors';
import type { Tlvs } from '../pdu/tlv-definitions';
import { PduFramer } from '../framing/pdu-framer';
import { RequestWindow } from './request-window';
import { BindRefused, ConnectionLost, MalformedResponse, NotBound, ResponseTimeout, type CloseReason } from './session-errors';

export interface SmppSessionOptions {
  host: string;
  port: number;
  /** TLS to the SMSC: true, or Node TLS options (ca, servername, ...). Default plain TCP. */
  tls?: boolean | ConnectionOptions;
  systemId: string;
  password: string;
  systemType?: string;
  /** Outstanding submits at most (default 10, Kannel's max-pending-submits); the next waits for a slot. */
  window?: number;
  /** Per request (default 30 000). */
  responseTimeoutMs?: number;
  /** enquire_link after this long without a PDU from the SMSC (default 30 000). */
  enquireLinkMs?: number;
  /** How long unbind() waits for outstanding submits (default: responseTimeoutMs). */
  drainTimeoutMs?: number;
  /**
   * Decides each deliver_sm's deliver_sm_resp status (ESME_ROK by returning nothing). May be async: the
   * answer waits for it, so a receipt can be stored durably before the SMSC forgets it. Throwing or
   * rejecting answers ESME_RX_T_APPN (the SMSC keeps the PDU and delivers it again).
   */
  onDeliverSm?: (pdu: PduOf<'deliver_sm'>) => number | void | Promise<number | void>;
  /** Every event an operator may count: bound, unbound, closed, throttled, timeouts, protocol errors. */
  onEvent?: (event: SmppSessionEvent) => void;
}

export type SmppSessionEvent =
  | { type: 'bound'; systemId: string }
  | { type: 'bind-refused'; commandStatus: number; statusName: string }
  | { type: 'unbound' }
  | { type: 'closed'; reason: CloseReason }
  | { type: 'throttled'; commandStatus: number; statusName: string }
  | { type: 'response-timeout'; command: string; sequenceNumber: number }
  | { type: 'enquire-link-sent' }
  | { type: 'unknown-command'; commandId: number; sequenceNumber: number }
  | { type: 'malformed-pdu'; error: SmppDecodeError | SmppFramingError }
  | { type: 'unexpected-response'; command: string; sequenceNumber: number }
  | { type: 'deliver-handler-error'; error: unknown };

export type SubmitFields = ShortMessageFields & { tlvs?: Tlvs };

export interface SubmitOptions {
  /**
   * Runs once the submit holds a window slot, just before it is written (pacing: a token taken here
   * is spent when the PDU leaves, not before a wait for the window). Its rejection fails the submit unsent.
   */
  beforeSend?: () => Promise<void>;
}

export interface SubmitResult {
  /** ESME_ROK or the SMSC's refusal (generic_nack's status when it answered with one). */
  commandStatus: number;
  statusName: string;
  /** The SMSC's id for the message; empty when refused. */
  messageId: string;
  response: Pdu;
}

export type SessionState = 'binding' | 'bound' | 'unbinding' | 'closed';

interface Pending {
  command: string;
  resolve: (pdu: Pdu) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  windowed: boolean;
}

const THROTTLE_STATUSES: ReadonlySet<number> = new Set([CommandStatus.ESME_RTHROTTLED, CommandStatus.ESME_RMSGQFUL]);
const MAX_SEQUENCE = 0x7fffffff;

/**
 * One ESME bind (bind_transceiver, SMPP 3.4) over one TCP or TLS socket: requests matched
 * to responses by sequence_number within a window, a response timeout per request,
 * enquire_link both ways, deliver_sm answered at once, graceful unbind. Nothing a peer
 * sends can throw out of it: faults become typed rejections, events and a close reason.
 * Reconnecting is the owner's job (reconnectDelays).
 */
export class SmppSession {
  private readonly framer = new PduFramer();
  private readonly pending = new Map<number, Pending>();
  private readonly window: RequestWindow;
  private readonly responseTimeoutMs: number;
  private readonly enquireLinkMs: number;
  private nextSequence = 1;
  private keepAlive: NodeJS.Timeout | undefined;
  private enquiring = false;
  private stateNow: SessionState = 'binding';
  private resolveClosed!: (reason: CloseReason) => void;
  private lastSocketError: Error | undefined;
  /** deliver_sm handlers still running: unbind waits for them so their answers go out. */
  private readonly delivering = new Set<Promise<void>>();
  /** Resolves once, when the session ends, with why. */
  readonly closed: Promise<CloseReason> = new Promise((resolve) => (this.resolveClosed = resolve));

  private constructor(
    private readonly socket: Socket,
    private readonly options: SmppSessionOptions,
  ) {
    this.window = new RequestWindow(options.window ?? 10);
    this.responseTimeoutMs = options.responseTimeoutMs ?? 30_000;
    this.enquireLinkMs = options.enquireLinkMs ?? 30_000;
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => (this.lastSocketError = error));
    socket.on('close', () => this.close({ kind: 'socket-closed', ...(this.lastSocketError ? { error: this.lastSocketError } : {}) }));
  }

  /** Connects and binds as a transceiver. Rejects with BindRefused, ResponseTimeout or ConnectionLost. */
  static async connect(options: SmppSessionOptions): Promise<SmppSession> {
    const socket = await openSocket(options, options.responseTimeoutMs ?? 30_000);
    const session = new SmppSession(socket, options);
    try {
      await session.bind();
    } catch (error) {
      session.close({ kind: 'bind-failed', error: error as Error });
      throw error;
    }
    return session;
  }

  get state(): SessionState {
    return this.stateNow;
  }

  /** Submits in the window (how many are outstanding). */
  get outstanding(): number {
    return this.window.inUse;
  }

  /** Submits waiting for a window slot. */
  get waiting(): number {
    return this.window.waiting;
  }

  /**
   * Sends submit_sm when the window has a slot; resolves with the SMSC's answer whatever its
   * status (mapping statuses to outcomes is the caller's). Rejects with ResponseTimeout,
   * ConnectionLost, MalformedResponse or NotBound.
   */
  async submit(fields: SubmitFields, options: SubmitOptions = {}): Promise<SubmitResult> {
    if (this.stateNow !== 'bound') throw new NotBound(this.stateNow);
    await this.window.acquire();
    try {
      await options.beforeSend?.();
    } catch (error) {
      this.window.release();
      throw error;
    }
    if (this.stateNow !== 'bound') {
      this.window.release();
      throw new NotBound(this.stateNow);
    }
    const response = await this.request({ command: 'submit_sm', commandStatus: 0, ...fields }, true);
    const messageId = response.command === 'submit_sm_resp' ? response.messageId : '';
    if (THROTTLE_STATUSES.has(response.commandStatus)) {
      this.emit({ type: 'throttled', commandStatus: response.commandStatus, statusName: commandStatusName(response.commandStatus) });
    }
    return { commandStatus: response.commandStatus, statusName: commandStatusName(response.commandStatus), messageId, response };
  }

  /** Sends enquire_link now; resolves when answered. */
  async enquireLink(): Promise<void> {
    if (this.stateNow !== 'bound') throw new NotBound(this.stateNow);
    await this.request({ command: 'enquire_link', commandStatus: 0 }, false);
  }

  /**
   * Graceful end: no new submits, waits (at most `drainMs`, default drainTimeoutMs) for the
   * outstanding ones, sends unbind, waits for unbind_resp (at most the response timeout),
   * closes. Submits still outstanding after the drain time are rejected with ConnectionLost.
   */
  async unbind(drainMs = this.options.drainTimeoutMs ?? this.responseTimeoutMs): Promise<void> {
    if (this.stateNow !== 'bound') return void (await this.closed);
    this.stateNow = 'unbinding';
    this.window.rejectWaiting(new NotBound('unbinding'));
    let drainTimer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([this.window.drained(), ...this.delivering]),
      new Promise<void>((resolve) => (drainTimer = setTimeout(resolve, drainMs))),
      this.closed,
    ]);
    clearTimeout(drainTimer);
    if (this.stateNow === 'unbinding') {
      try {
        await this.request({ command: 'unbind', commandStatus: 0 }, false);
      } catch {
        // No unbind_resp in time or the socket went first: closing is all that is left.
      }
      // The await above may have seen the socket close.
      if ((this.stateNow as SessionState) !== 'closed') this.emit({ type: 'unbound' });
    }
    this.close({ kind: 'unbound' });
  }

  /** Ends the session at once (no unbind); outstanding requests reject with ConnectionLost. */
  destroy(): void {
    this.close({ kind: 'destroyed' });
  }

  private async bind(): Promise<void> {
    const { systemId, password, systemType = '' } = this.options;
    const response = await this.request(
      { command: 'bind_transceiver', commandStatus: 0, systemId, password, systemType, interfaceVersion: 0x34, addrTon: 0, addrNpi: 0, addressRange: '' },
      false,
    );
    if (response.commandStatus !== CommandStatus.ESME_ROK || response.command !== 'bind_transceiver_resp') {
      const status = response.commandStatus || CommandStatus.ESME_RBINDFAIL;
      this.emit({ type: 'bind-refused', commandStatus: status, statusName: commandStatusName(status) });
      throw new BindRefused(status);
    }
    this.stateNow = 'bound';
    this.emit({ type: 'bound', systemId: response.systemId });
    this.scheduleKeepAlive();
  }

  private request(pdu: DistributiveOmit<Pdu, 'sequenceNumber'>, windowed: boolean): Promise<Pdu> {
    if (this.stateNow === 'closed') {
      if (windowed) this.window.release();
      return Promise.reject(new NotBound('closed'));
    }
    const sequenceNumber = this.nextSequence;
    this.nextSequence = this.nextSequence >= MAX_SEQUENCE ? 1 : this.nextSequence + 1;
    return new Promise<Pdu>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.settle(sequenceNumber);
        this.emit({ type: 'response-timeout', command: pdu.command, sequenceNumber });
        reject(new ResponseTimeout(pdu.command, sequenceNumber, this.responseTimeoutMs));
      }, this.responseTimeoutMs);
      this.pending.set(sequenceNumber, { command: pdu.command, resolve, reject, timer, windowed });
      try {
        this.write({ ...pdu, sequenceNumber } as Pdu);
      } catch (error) {
        // An SmppEncodeError: our caller's fields cannot go on the wire. Nothing was sent.
        this.settle(sequenceNumber);
        reject(error as Error);
      }
    });
  }

  /** Forgets a pending request and frees its window slot. */
  private settle(sequenceNumber: number): Pending | undefined {
    const pending = this.pending.get(sequenceNumber);
    if (!pending) return undefined;
    this.pending.delete(sequenceNumber);
    clearTimeout(pending.timer);
    if (pending.windowed) this.window.release();
    return pending;
  }

  private onData(chunk: Buffer): void {
    if (this.stateNow === 'closed') return;
    for (const item of this.framer.push(chunk)) {
      this.scheduleKeepAlive();
      if (item.kind === 'pdu') this.onPdu(item.pdu);
      else if (item.kind === 'decode-error') this.onDecodeError(item.error);
      else {
        this.emit({ type: 'malformed-pdu', error: item.error });
        const answer = errorResponseTo(item.error);
        if (answer) this.safeWrite(answer);
        this.close({ kind: 'framing-error', error: item.error });
        return;
      }
    }
  }

  private onDecodeError(error: SmppDecodeError): void {
    const known = commandNameOf(error.commandId);
    if (!known && !isResponseId(error.commandId)) this.emit({ type: 'unknown-command', commandId: error.commandId, sequenceNumber: error.sequenceNumber });
    else this.emit({ type: 'malformed-pdu', error });
    const answer = errorResponseTo(error);
    if (answer) return this.safeWrite(answer);
    // A response we cannot read: its request's outcome is unknown.
    this.settle(error.sequenceNumber)?.reject(new MalformedResponse(error));
  }

  private onPdu(pdu: Pdu): void {
    if (isResponseId(CommandId[pdu.command])) {
      const pending = this.settle(pdu.sequenceNumber);
      if (pending) pending.resolve(pdu);
      else this.emit({ type: 'unexpected-response', command: pdu.command, sequenceNumber: pdu.sequenceNumber });
      return;
    }
    const base = { commandStatus: CommandStatus.ESME_ROK, sequenceNumber: pdu.sequenceNumber };
    switch (pdu.command) {
      case 'enquire_link':
        return this.safeWrite({ command: 'enquire_link_resp', ...base });
      case 'deliver_sm':
        return this.answerDeliverSm(pdu);
      case 'unbind':
        this.safeWrite({ command: 'unbind_resp', ...base });
        this.emit({ type: 'unbound' });
        return this.close({ kind: 'unbound-by-smsc' });
      default:
        // A request an ESME is never sent (bind_*, submit_sm, data_sm from the SMSC).
        this.emit({ type: 'unknown-command', commandId: CommandId[pdu.command], sequenceNumber: pdu.sequenceNumber });
        return this.safeWrite({ command: 'generic_nack', commandStatus: CommandStatus.ESME_RINVCMDID, sequenceNumber: pdu.sequenceNumber });
    }
  }

  /** A sync handler is answered at once (in arrival order); an async one when it settles. */
  private answerDeliverSm(pdu: PduOf<'deliver_sm'>): void {
    const answer = (commandStatus: number | void) => {
      // Closed meanwhile: no answer, so the SMSC delivers it again on the next bind.
      if (this.stateNow === 'closed') return;
      this.safeWrite({ command: 'deliver_sm_resp', commandStatus: commandStatus ?? CommandStatus.ESME_ROK, sequenceNumber: pdu.sequenceNumber, messageId: '' });
    };
    const failed = (error: unknown) => {
      this.emit({ type: 'deliver-handler-error', error });
      answer(CommandStatus.ESME_RX_T_APPN);
    };
    // Nobody to take it: the SMSC keeps it and retries.
    if (!this.options.onDeliverSm) return answer(CommandStatus.ESME_RX_T_APPN);
    let result: ReturnType<NonNullable<SmppSessionOptions['onDeliverSm']>>;
    try {
      result = this.options.onDeliverSm(pdu);
    } catch (error) {
      return failed(error);
    }
    if (!(result instanceof Promise)) return answer(result);
    const answered = result.then(answer, failed);
    this.delivering.add(answered);
    void answered.finally(() => this.delivering.delete(answered));
  }

  /** enquire_link after enquireLinkMs without a PDU from the SMSC; unanswered, the link is dead. */
  private scheduleKeepAlive(): void {
    if (this.stateNow !== 'bound' && this.stateNow !== 'unbinding') return;
    clearTimeout(this.keepAlive);
    this.keepAlive = setTimeout(() => {
      if (this.enquiring || this.stateNow !== 'bound') return;
      this.enquiring = true;
      this.emit({ type: 'enquire-link-sent' });
      this.request({ command: 'enquire_link', commandStatus: 0 }, false).then(
        () => (this.enquiring = false),
        (error: Error) => {
          this.enquiring = false;
          if (error instanceof ResponseTimeout) this.close({ kind: 'enquire-link-unanswered' });
        },
      );
    }, this.enquireLinkMs);
    this.keepAlive.unref();
  }

  private write(pdu: Pdu): void {
    const bytes = encodePdu(pdu);
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  /** For answers built from peer data: an encode failure must not escape an event handler. */
  private safeWrite(pdu: Pdu): void {
    try {
      this.write(pdu);
    } catch (error) {
      this.emit({ type: 'deliver-handler-error', error });
    }
  }

  private close(reason: CloseReason): void {
    if (this.stateNow === 'closed') return;
    this.stateNow = 'closed';
    clearTimeout(this.keepAlive);
    // Waiters first: settling a pending request would hand its slot to one.
    this.window.rejectWaiting(new ConnectionLost(reason, false));
    for (const sequenceNumber of [...this.pending.keys()]) this.settle(sequenceNumber)?.reject(new ConnectionLost(reason, true));
    this.socket.destroy();
    this.emit({ type: 'closed', reason });
    this.resolveClosed(reason);
  }

  private emit(event: SmppSessionEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // A listener's fault is not the session's: metrics must not break the bind.
    }
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function openSocket(options: SmppSessionOptions, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const { host, port, tls } = options;
    const socket = tls ? tlsConnect({ host, port, ...(typeof tls === 'object' ? tls : {}) }) : netConnect({ host, port });
    const timer = setTimeout(() => fail(new ResponseTimeout('connect', 0, timeoutMs)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new ConnectionLost({ kind: 'socket-closed', error }, false));
    };
    socket.once('error', fail);
    socket.once(tls ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      socket.off('error', fail);
      socket.setNoDelay(true);
      resolve(socket);
    });
  });
}
