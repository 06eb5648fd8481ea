import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { SmscConnection, type SmscHandler } from './smsc-connection';

export interface SmscServerOptions {
  host: string;
  /** 0 = any free port. */
  port: number;
  handler: SmscHandler;
  /** How long the SMSC waits for an ESME's response to its deliver_sm or unbind (default 10 s). */
  responseTimeoutMs?: number;
}

/** The sandbox SMSC's TCP listener and the connections it holds. */
export class SmscServer {
  private readonly connections = new Set<SmscConnection>();

  private constructor(
    private readonly server: Server,
    readonly host: string,
  ) {}

  static async start(options: SmscServerOptions): Promise<SmscServer> {
    const server = createServer();
    const smsc = new SmscServer(server, options.host);
    server.on('connection', (socket: Socket) => {
      const connection = new SmscConnection(socket, options.handler, options.responseTimeoutMs ?? 10_000);
      smsc.connections.add(connection);
      void connection.closed.then(() => smsc.connections.delete(connection));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return smsc;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Bound sessions that take deliver_sm for `systemId` (transceiver or receiver), oldest first. */
  receiversOf(systemId: string): SmscConnection[] {
    return [...this.connections].filter((c) => c.canReceive && c.systemId === systemId);
  }

  /** Every bound session, whatever its mode. */
  get bound(): SmscConnection[] {
    return [...this.connections].filter((c) => c.state === 'bound');
  }

  /** Stops listening, unbinds every bound session (each waits at most its response timeout), closes the rest. */
  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    await Promise.all([...this.connections].map((c) => (c.state === 'bound' ? c.unbind() : c.destroy())));
    await closed;
  }
}
