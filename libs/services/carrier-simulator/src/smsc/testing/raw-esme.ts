import { connect, type Socket } from 'node:net';
import { encodePdu, PduFramer, type Pdu, type SubmitFields } from '@mp/smpp';
import type { UnsequencedPdu } from '../smsc-connection';

/**
 * A bare ESME for the sandbox SMSC's specs: sends PDUs or raw bytes, answers
 * nothing on its own (so a test decides whether a deliver_sm gets its
 * deliver_sm_resp), and records what the SMSC sent and whether it hung up.
 */
export class RawEsme {
  readonly received: Pdu[] = [];
  readonly closed: Promise<void>;
  private readonly framer = new PduFramer();
  private readonly waiters: Array<() => void> = [];
  private nextSequence = 1;
  private isClosed = false;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      for (const item of this.framer.push(chunk)) if (item.kind === 'pdu') this.received.push(item.pdu);
      this.wake();
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.isClosed = true;
        this.wake();
        resolve();
      }),
    );
  }

  static async connect(port: number): Promise<RawEsme> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new RawEsme(socket);
  }

  get hasClosed(): boolean {
    return this.isClosed;
  }

  /** Sends a request numbered by this ESME; resolves with the SMSC's answer to it (its response or generic_nack). */
  async request(pdu: UnsequencedPdu): Promise<Pdu> {
    const sequenceNumber = this.nextSequence++;
    this.send({ ...pdu, sequenceNumber } as Pdu);
    return this.waitFor((p) => p.sequenceNumber === sequenceNumber && (p.command.endsWith('_resp') || p.command === 'generic_nack'));
  }

  /** bind_transceiver (or another bind) with these credentials. */
  bind(systemId: string, password: string, command: 'bind_transceiver' | 'bind_transmitter' | 'bind_receiver' = 'bind_transceiver'): Promise<Pdu> {
    return this.request({ command, commandStatus: 0, systemId, password, systemType: '', interfaceVersion: 0x34, addrTon: 0, addrNpi: 0, addressRange: '' });
  }

  submit(fields: SubmitFields): Promise<Pdu> {
    return this.request({ command: 'submit_sm', commandStatus: 0, ...fields });
  }

  send(pdu: Pdu): void {
    this.socket.write(encodePdu(pdu));
  }

  sendRaw(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** Resolves with the first received PDU that matches. */
  async waitFor(match: (pdu: Pdu) => boolean, timeoutMs = 5000): Promise<Pdu> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(match);
      if (found) return found;
      if (this.isClosed) throw new Error(`the SMSC closed the connection; received ${this.received.map((p) => p.command).join(', ')}`);
      if (Date.now() > deadline) throw new Error(`no such PDU within ${timeoutMs} ms; received ${this.received.map((p) => p.command).join(', ')}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  close(): void {
    this.socket.destroy();
  }

  private wake(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}
