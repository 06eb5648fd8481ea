import type { ConnectionOptions } from 'node:tls';
import { BindRefused, reconnectDelays, SmppSession, type CloseReason, type PduOf, type ReconnectDelayOptions, type SmppSessionEvent } from '@mp/smpp';
import type { SmppConnection } from '@mp/carrier-connections';

export interface BindPoolOptions {
  connection: SmppConnection;
  /** Node TLS options (a private CA, say) when the connection has `tls: true`. */
  tls?: ConnectionOptions;
  onDeliverSm: (pdu: PduOf<'deliver_sm'>) => Promise<number>;
  onEvent: (bind: number, event: SmppSessionEvent) => void;
  /** Back-off between attempts to bind (default: 1 s doubling to 60 s, ±20 %). */
  reconnect?: ReconnectDelayOptions;
  /**
   * `all` (default): every one of the connection's `binds` opens at once (one
   * process holds them all). `leased`: none until `open(slot)`, which a bind
   * lease keeper calls for the slots this replica holds (issue 28 point 6).
   */
  slots?: 'all' | 'leased';
}

/**
 * One bind of the pool: binds, and when the bind fails or is lost, binds again
 * after a jittered, growing delay (reset once bound), until stopped.
 */
class Bind {
  session: SmppSession | undefined;
  lastError: string | undefined;
  private stopping = false;
  private wake: (() => void) | undefined;
  private readonly running: Promise<void>;

  constructor(
    private readonly index: number,
    private readonly options: BindPoolOptions,
  ) {
    this.running = this.run();
  }

  /** Unbinds and stops rebinding; with `withinMs`, the session is closed by then even mid-drain or unanswered. */
  async stop(withinMs?: number): Promise<void> {
    this.stopping = true;
    this.wake?.();
    const deadline = withinMs === undefined ? undefined : setTimeout(() => this.session?.destroy(), withinMs);
    try {
      await this.session?.unbind(withinMs === undefined ? undefined : withinMs / 2);
      await this.running;
    } finally {
      clearTimeout(deadline);
    }
  }

  private async run(): Promise<void> {
    let delays = reconnectDelays(this.options.reconnect);
    while (!this.stopping) {
      try {
        const session = await SmppSession.connect(this.sessionOptions());
        delays = reconnectDelays(this.options.reconnect);
        this.lastError = undefined;
        this.session = session;
        if (this.stopping) await session.unbind(); // stop() came while binding
        const reason = await session.closed;
        this.session = undefined;
        if (!this.stopping) this.lastError = `session closed: ${describeClose(reason)}`;
      } catch (error) {
        this.lastError = error instanceof BindRefused ? `bind refused: ${error.statusName}` : `cannot bind: ${(error as Error).message}`;
      }
      if (this.stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delays.next().value);
        this.wake = () => (clearTimeout(timer), resolve());
      });
    }
  }

  private sessionOptions() {
    const { connection, tls } = this.options;
    return {
      host: connection.host,
      port: connection.port,
      tls: connection.tls ? (tls ?? true) : false,
      systemId: connection.systemId,
      password: connection.password,
      systemType: connection.systemType,
      window: connection.window,
      responseTimeoutMs: connection.responseTimeoutSeconds * 1000,
      enquireLinkMs: connection.enquireLinkSeconds * 1000,
      onDeliverSm: this.options.onDeliverSm,
      onEvent: (event: SmppSessionEvent) => this.options.onEvent(this.index, event),
    };
  }
}

function describeClose(reason: CloseReason): string {
  return 'error' in reason && reason.error ? `${reason.kind} (${reason.error.message})` : reason.kind;
}

/** Sessions of one connection by slot (0 .. binds-1), each rebinding on its own after a loss. */
export class BindPool {
  private readonly bySlot = new Map<number, Bind>();
  private stopped = false;

  constructor(private readonly options: BindPoolOptions) {
    if ((options.slots ?? 'all') === 'all') for (let slot = 0; slot < options.connection.binds; slot++) this.open(slot);
  }

  private get binds(): Bind[] {
    return [...this.bySlot.values()];
  }

  /** Slots with a session open (binding, bound or waiting to rebind). */
  get openSlots(): number[] {
    return [...this.bySlot.keys()].sort((a, b) => a - b);
  }

  /** Starts binding `slot` (nothing if it is open, out of range, or the pool stopped). */
  open(slot: number): void {
    if (this.stopped || this.bySlot.has(slot) || slot < 0 || slot >= this.options.connection.binds) return;
    this.bySlot.set(slot, new Bind(slot, this.options));
  }

  /** Unbinds `slot`'s session (after its window drains; closed by `withinMs` if given) and stops rebinding it. */
  async close(slot: number, withinMs?: number): Promise<void> {
    const bind = this.bySlot.get(slot);
    if (!bind) return;
    this.bySlot.delete(slot);
    await bind.stop(withinMs);
  }

  /** The bound session with the most window room (the least outstanding and waiting), or none. */
  pick(): SmppSession | undefined {
    let best: SmppSession | undefined;
    for (const { session } of this.binds) {
      if (session?.state !== 'bound') continue;
      if (!best || session.outstanding + session.waiting < best.outstanding + best.waiting) best = session;
    }
    return best;
  }

  get bound(): number {
    return this.binds.filter((b) => b.session?.state === 'bound').length;
  }

  get windowInUse(): number {
    return this.binds.reduce((sum, b) => sum + (b.session?.outstanding ?? 0), 0);
  }

  /** Why binds are down (bind refused, connection refused, session lost), one per bind that is. */
  get errors(): string[] {
    return this.binds.filter((b) => b.session?.state !== 'bound' && b.lastError).map((b) => b.lastError!);
  }

  /** Unbinds every session (each waits for its window to drain) and stops rebinding; opens none after. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.openSlots.map((slot) => this.close(slot)));
  }
}
