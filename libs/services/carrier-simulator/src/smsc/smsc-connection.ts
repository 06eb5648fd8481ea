import type { Socket } from 'node:net';
import { CommandId, CommandStatus, encodePdu, errorResponseTo, isResponseId, PduFramer, type Pdu, type PduOf, type SmppProtocolError } from '@mp/smpp';
import { SMSC_NAME } from './smsc-settings';

export type BindPdu = PduOf<'bind_transceiver' | 'bind_transmitter' | 'bind_receiver'>;
export type BindMode = 'transceiver' | 'transmitter' | 'receiver';
export type SmscConnectionState = 'open' | 'bound' | 'closed';
/** A PDU before the SMSC numbers it (Omit over each member of the union). */
export type UnsequencedPdu = Pdu extends infer P ? (P extends Pdu ? Omit<P, 'sequenceNumber'> : never) : never;

/** What the simulator decides for the connection: the bind, each submit_sm, and being told of bind and close. */
export interface SmscHandler {
  /** ESME_ROK binds; any other status refuses the bind and the connection closes. */
  bind(pdu: BindPdu): number;
  /** The submit_sm_resp to send (status and message_id), or `drop` to close the connection without answering. */
  submit(pdu: PduOf<'submit_sm'>, bytes: Buffer, connection: SmscConnection): Promise<SubmitAnswer>;
  bound(connection: SmscConnection): void;
  closed(connection: SmscConnection): void;
  /** A fault an operator would want to see (malformed PDU, unknown command, ...); never thrown. */
  fault(connection: SmscConnection, what: string, detail: Record<string, unknown>): void;
}

export type SubmitAnswer = { kind: 'answer'; commandStatus: number; messageId: string } | { kind: 'drop' };

/** The response to a request the SMSC sent, or why there is none. */
export class NoResponse extends Error {
  override readonly name = 'NoResponse';
}

interface Pending {
  resolve(pdu: Pdu): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

const MODE_OF: Record<BindPdu['command'], BindMode> = { bind_transceiver: 'transceiver', bind_transmitter: 'transmitter', bind_receiver: 'receiver' };
const MAX_SEQUENCE = 0x7fffffff;

/**
 * One ESME's TCP connection to the sandbox SMSC: framing, the bind, answers to
 * what the ESME sends, and requests the SMSC originates (deliver_sm, unbind)
 * matched to their responses by sequence_number with a timeout. Nothing the
 * peer sends throws out of it: bad input gets SMPP's error answer, a broken
 * stream closes the connection.
 */
export class SmscConnection {
  private readonly framer = new PduFramer();
  private readonly pending = new Map<number, Pending>();
  private nextSequence = 1;
  private stateNow: SmscConnectionState = 'open';
  private resolveClosed!: () => void;
  /** The bound system_id and mode (set once bound). */
  systemId = '';
  mode: BindMode | undefined;
  /** Resolves when the socket is gone. */
  readonly closed: Promise<void> = new Promise((resolve) => (this.resolveClosed = resolve));

  constructor(
    private readonly socket: Socket,
    private readonly handler: SmscHandler,
    private readonly responseTimeoutMs: number,
  ) {
    socket.setNoDelay(true);
    // An ESME host that vanishes without a FIN (a killed pod) is noticed by TCP, so its bind does not hold receipts forever.
    socket.setKeepAlive(true, 30_000);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => undefined); // 'close' follows; a reset peer is not the SMSC's fault
    socket.on('close', () => this.close());
  }

  get state(): SmscConnectionState {
    return this.stateNow;
  }

  get remote(): string {
    return `${this.socket.remoteAddress}:${this.socket.remotePort}`;
  }

  /** Bound to receive deliver_sm (receipts, inbound): a transceiver or receiver bind. */
  get canReceive(): boolean {
    return this.stateNow === 'bound' && (this.mode === 'transceiver' || this.mode === 'receiver');
  }

  /** Sends a request the SMSC originates; resolves with the ESME's response (generic_nack included). Rejects with NoResponse. */
  request(pdu: UnsequencedPdu): Promise<Pdu> {
    if (this.stateNow === 'closed') return Promise.reject(new NoResponse('the connection is closed'));
    const sequenceNumber = this.nextSequence;
    this.nextSequence = this.nextSequence >= MAX_SEQUENCE ? 1 : this.nextSequence + 1;
    return new Promise<Pdu>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(sequenceNumber);
        reject(new NoResponse(`no response to ${pdu.command} within ${this.responseTimeoutMs} ms`));
      }, this.responseTimeoutMs);
      this.pending.set(sequenceNumber, { resolve, reject, timer });
      try {
        this.write({ ...pdu, sequenceNumber } as Pdu);
      } catch (error) {
        clearTimeout(timer);
        this.pending.delete(sequenceNumber);
        reject(error as Error);
      }
    });
  }

  /** unbind, then close once answered (or after the response timeout). */
  async unbind(): Promise<void> {
    if (this.stateNow === 'bound') {
      try {
        await this.request({ command: 'unbind', commandStatus: 0 });
      } catch {
        // Unanswered: closing is all that is left.
      }
    }
    this.destroy();
  }

  /** Closes at once, no unbind (the drop-connection behaviour, shutdown's last resort). */
  destroy(): void {
    this.socket.destroy();
    this.close();
  }

  private close(): void {
    if (this.stateNow === 'closed') return;
    const wasBound = this.stateNow === 'bound';
    this.stateNow = 'closed';
    for (const [sequenceNumber, pending] of this.pending) {
      clearTimeout(pending.timer);
      this.pending.delete(sequenceNumber);
      pending.reject(new NoResponse('the connection closed'));
    }
    this.socket.destroy();
    if (wasBound || this.mode) this.handler.closed(this);
    this.resolveClosed();
  }

  private onData(chunk: Buffer): void {
    if (this.stateNow === 'closed') return;
    for (const item of this.framer.push(chunk)) {
      if (item.kind === 'pdu') this.onPdu(item.pdu, item.bytes);
      else if (item.kind === 'decode-error') this.onBadPdu(item.error);
      else {
        this.onBadPdu(item.error);
        // A command_length out of bounds: nothing after it can be framed.
        this.socket.end();
        this.close();
        return;
      }
    }
  }

  private onBadPdu(error: SmppProtocolError): void {
    this.handler.fault(this, 'malformed-pdu', { reason: error.message, commandStatus: error.commandStatus });
    const answer = errorResponseTo(error);
    if (answer) return this.safeWrite(answer);
    // A response we cannot read: its request failed.
    const sequenceNumber = error.sequenceNumber;
    const pending = sequenceNumber === undefined ? undefined : this.pending.get(sequenceNumber);
    if (pending && sequenceNumber !== undefined) {
      clearTimeout(pending.timer);
      this.pending.delete(sequenceNumber);
      pending.reject(new NoResponse(`malformed response: ${error.message}`));
    }
  }

  private onPdu(pdu: Pdu, bytes: Buffer): void {
    if (isResponseId(CommandId[pdu.command])) {
      const pending = this.pending.get(pdu.sequenceNumber);
      if (!pending) return this.handler.fault(this, 'unexpected-response', { command: pdu.command, sequenceNumber: pdu.sequenceNumber });
      clearTimeout(pending.timer);
      this.pending.delete(pdu.sequenceNumber);
      return pending.resolve(pdu);
    }
    const base = { sequenceNumber: pdu.sequenceNumber };
    switch (pdu.command) {
      case 'bind_transceiver':
      case 'bind_transmitter':
      case 'bind_receiver':
        return this.onBind(pdu);
      case 'enquire_link':
        return this.safeWrite({ command: 'enquire_link_resp', ...base, commandStatus: CommandStatus.ESME_ROK });
      case 'unbind':
        this.safeWrite({ command: 'unbind_resp', ...base, commandStatus: CommandStatus.ESME_ROK });
        this.socket.end();
        return this.close();
      case 'submit_sm':
        return void this.onSubmit(pdu, bytes);
      case 'data_sm':
        // Not offered by this SMSC: refused in its own response.
        return this.safeWrite({ command: 'data_sm_resp', ...base, commandStatus: CommandStatus.ESME_RINVCMDID, messageId: '' });
      default:
        // deliver_sm is the SMSC's to send, never an ESME's.
        this.handler.fault(this, 'unknown-command', { command: pdu.command, sequenceNumber: pdu.sequenceNumber });
        return this.safeWrite({ command: 'generic_nack', ...base, commandStatus: CommandStatus.ESME_RINVCMDID });
    }
  }

  private onBind(pdu: BindPdu): void {
    const response = `${pdu.command}_resp` as const;
    const base = { sequenceNumber: pdu.sequenceNumber };
    if (this.stateNow === 'bound') return this.safeWrite({ command: response, ...base, commandStatus: CommandStatus.ESME_RALYBND, systemId: '' });
    const status = this.handler.bind(pdu);
    if (status !== CommandStatus.ESME_ROK) {
      this.safeWrite({ command: response, ...base, commandStatus: status, systemId: '' });
      this.socket.end();
      return this.close();
    }
    this.stateNow = 'bound';
    this.systemId = pdu.systemId;
    this.mode = MODE_OF[pdu.command];
    this.safeWrite({ command: response, ...base, commandStatus: CommandStatus.ESME_ROK, systemId: SMSC_NAME });
    this.handler.bound(this);
  }

  private async onSubmit(pdu: PduOf<'submit_sm'>, bytes: Buffer): Promise<void> {
    const refuse = (commandStatus: number) => this.safeWrite({ command: 'submit_sm_resp', sequenceNumber: pdu.sequenceNumber, commandStatus, messageId: '' });
    if (this.stateNow !== 'bound' || this.mode === 'receiver') return refuse(CommandStatus.ESME_RINVBNDSTS);
    let answer: SubmitAnswer;
    try {
      answer = await this.handler.submit(pdu, bytes, this);
    } catch (error) {
      this.handler.fault(this, 'submit-failed', { error: (error as Error)?.message ?? String(error) });
      answer = { kind: 'answer', commandStatus: CommandStatus.ESME_RSYSERR, messageId: '' };
    }
    if (answer.kind === 'drop') return this.destroy();
    this.safeWrite({ command: 'submit_sm_resp', sequenceNumber: pdu.sequenceNumber, commandStatus: answer.commandStatus, messageId: answer.messageId });
  }

  private write(pdu: Pdu): void {
    if (this.stateNow === 'closed' || this.socket.destroyed) throw new NoResponse('the connection is closed');
    this.socket.write(encodePdu(pdu));
  }

  /** For answers: a closed socket or an encode failure must not escape a data handler. */
  private safeWrite(pdu: Pdu): void {
    try {
      this.write(pdu);
    } catch (error) {
      if (!(error instanceof NoResponse)) this.handler.fault(this, 'encode-failed', { command: pdu.command, error: (error as Error).message });
    }
  }
}
