import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer, type TlsOptions } from 'node:tls';
import { encodePdu, PduFramer, type Pdu } from '..';

/** What a script does with one PDU: answer it the default way, or not (it answered, or stays silent). */
export type Script = (pdu: Pdu, connection: SmscConnection) => 'default' | void;

/**
 * An SMSC for session tests, built on our codec over real TCP on 127.0.0.1. By default it
 * binds anyone, answers enquire_link, submit_sm (message_id M1, M2, ...) and unbind; a test's
 * script overrides any of it per PDU (refuse, stay silent, hang up, send raw bytes).
 */
export class ScriptedSmsc {
  readonly connections: SmscConnection[] = [];
  private constructor(
    private readonly server: Server,
    private readonly script: Script,
  ) {}

  /** Plain TCP, or TLS with `tls` (key and cert). */
  static async start(script: Script = () => 'default', tls?: TlsOptions): Promise<ScriptedSmsc> {
    const server = tls ? createTlsServer(tls) : createServer();
    const smsc = new ScriptedSmsc(server, script);
    server.on(tls ? 'secureConnection' : 'connection', (socket: Socket) => smsc.accept(socket));
    server.on('tlsClientError', () => undefined); // a client that refuses our certificate is the test's point
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return smsc;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The connection the session under test opened (the first one). */
  get connection(): SmscConnection {
    return this.connections[0];
  }

  async stop(): Promise<void> {
    for (const connection of this.connections) connection.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    const connection = new SmscConnection(socket);
    this.connections.push(connection);
    connection.onPdu = (pdu) => {
      if (this.script(pdu, connection) === 'default') connection.answerByDefault(pdu);
    };
  }
}

export class SmscConnection {
  readonly received: Pdu[] = [];
  onPdu: (pdu: Pdu) => void = () => undefined;
  private readonly framer = new PduFramer();
  private readonly waiters: Array<() => void> = [];
  private nextSequence = 1;
  private submits = 0;
  readonly closed: Promise<void>;

  constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      for (const item of this.framer.push(chunk)) {
        if (item.kind !== 'pdu') continue;
        this.received.push(item.pdu);
        this.onPdu(item.pdu);
        for (const wake of this.waiters.splice(0)) wake();
      }
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.on('close', () => resolve()));
  }

  send(pdu: Pdu): void {
    if (!this.socket.destroyed) this.socket.write(encodePdu(pdu));
  }

  /** Sends a request the SMSC originates, numbered by the SMSC. */
  sendRequest(pdu: Pdu extends infer P ? (P extends Pdu ? Omit<P, 'sequenceNumber'> : never) : never): number {
    const sequenceNumber = this.nextSequence++;
    this.send({ ...pdu, sequenceNumber } as Pdu);
    return sequenceNumber;
  }

  sendRaw(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** Resolves with the received PDUs once `count` of them match. */
  async waitFor(match: (pdu: Pdu) => boolean, count = 1, timeoutMs = 5000): Promise<Pdu[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.filter(match);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`the SMSC received ${found.length} of ${count} expected PDUs: ${this.received.map((p) => p.command).join(', ')}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  answerByDefault(pdu: Pdu): void {
    const base = { commandStatus: 0, sequenceNumber: pdu.sequenceNumber };
    switch (pdu.command) {
      case 'bind_transceiver':
        return this.send({ command: 'bind_transceiver_resp', ...base, systemId: 'SCRIPTED' });
      case 'enquire_link':
        return this.send({ command: 'enquire_link_resp', ...base });
      case 'submit_sm':
        return this.send({ command: 'submit_sm_resp', ...base, messageId: `M${++this.submits}` });
      case 'unbind':
        this.send({ command: 'unbind_resp', ...base });
        return void this.socket.end();
      default:
        return undefined;
    }
  }
}
