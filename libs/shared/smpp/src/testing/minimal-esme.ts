import { connect, type Socket } from 'node:net';
import { encodePdu, PduFramer, type Pdu } from '..';

/** A PDU before the ESME numbers it (Omit over each member of the union, not over the union). */
export type UnsequencedPdu = Pdu extends infer P ? (P extends Pdu ? Omit<P, 'sequenceNumber'> : never) : never;

/**
 * The least ESME that lets a test talk to an SMSC through @mp/smpp's codec:
 * send a PDU, wait for the response with its sequence_number, collect the
 * requests the SMSC sends. No session logic (that is the carrier adapter's).
 */
export class MinimalEsme {
  readonly received: Pdu[] = [];
  private readonly framer = new PduFramer();
  private readonly waiters: Array<{ match: (pdu: Pdu) => boolean; resolve: (pdu: Pdu) => void }> = [];
  private failure: Error | undefined;
  private nextSequence = 1;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      for (const item of this.framer.push(chunk)) {
        if (item.kind !== 'pdu') this.fail(item.error);
        else this.deliver(item.pdu);
      }
    });
    socket.on('error', (err) => this.fail(err));
  }

  static async connect(port: number): Promise<MinimalEsme> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new MinimalEsme(socket);
  }

  /** Sends a request with the next sequence_number and resolves with its response. */
  async request(pdu: UnsequencedPdu): Promise<Pdu> {
    const sequenceNumber = this.nextSequence++;
    const response = this.waitFor((p) => p.sequenceNumber === sequenceNumber && p.command.endsWith('_resp'));
    this.send({ ...pdu, sequenceNumber } as Pdu);
    return response;
  }

  send(pdu: Pdu): void {
    this.socket.write(encodePdu(pdu));
  }

  waitFor(match: (pdu: Pdu) => boolean, timeoutMs = 10_000): Promise<Pdu> {
    const seen = this.received.find(match);
    if (seen) return Promise.resolve(seen);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such PDU from the SMSC within the time')), timeoutMs);
      this.waiters.push({ match, resolve: (p) => (clearTimeout(timer), resolve(p)) });
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private deliver(pdu: Pdu): void {
    this.received.push(pdu);
    for (const waiter of [...this.waiters]) {
      if (waiter.match(pdu)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(pdu);
      }
    }
  }

  private fail(err: Error): void {
    this.failure = err;
  }
}
