import type { Logger } from '@mp/telemetry';

export interface UnboundWatchOptions {
  connection: string;
  logger?: Logger;
  /** How long a connection may hold binds with none bound before the warn line (default 30 000 ms). */
  afterMs?: number;
  now?: () => number;
}

/** What the watch looks at, from the carrier's status. */
export interface BindState {
  heldBinds: number;
  boundSessions: number;
  bindErrors: readonly string[];
}

/**
 * Readiness stays 200 (an SMSC down must not take the API out of its Service):
 * /readyz names "a connection that cannot bind" (unboundConnections), and so
 * does the log: one warn line per outage once binds this replica holds have had no bound
 * session for `afterMs`, with the last bind error, and an info line when one
 * binds again. A replica holding no bind lease for the connection is not
 * meant to bind and stays quiet.
 */
export class UnboundWatch {
  private unboundSince: number | undefined;
  private warned = false;
  private lastError: string | undefined;

  constructor(private readonly options: UnboundWatchOptions) {}

  observe(state: BindState): void {
    const now = (this.options.now ?? Date.now)();
    if (state.bindErrors.length > 0) this.lastError = state.bindErrors[state.bindErrors.length - 1];
    if (state.boundSessions > 0 || state.heldBinds === 0) {
      if (this.warned && state.boundSessions > 0) this.options.logger?.info('SMPP connection bound again', { connection: this.options.connection });
      this.unboundSince = undefined;
      this.warned = false;
      return;
    }
    this.unboundSince ??= now;
    const afterMs = this.options.afterMs ?? 30_000;
    if (this.warned || now - this.unboundSince < afterMs) return;
    this.warned = true;
    this.options.logger?.warn('SMPP connection cannot bind', {
      connection: this.options.connection,
      unboundSeconds: Math.round((now - this.unboundSince) / 1000),
      heldBinds: state.heldBinds,
      lastBindError: this.lastError ?? 'none yet (still binding)',
    });
  }
}
