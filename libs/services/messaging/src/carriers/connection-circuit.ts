/** What a circuit says of its connection now (the state /metrics shows). */
export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitSettings {
  /** Consecutive transient answers that open the circuit. */
  readonly failures: number;
  /** How long an open circuit skips its connection before one trial submission may go. */
  readonly pauseMs: number;
}

/**
 * A connection's circuit breaker (issue 29 point 5): after `failures`
 * transient answers in a row the connection is skipped, so its messages go
 * to the next connection at once instead of each waiting out a timeout
 * there. After `pauseMs` one submission at a time tries it again
 * (half-open): an answer that is not transient closes the circuit, a
 * transient one opens it for another pause. A refusal counts as an answer:
 * the carrier is up and has judged the message.
 */
export class ConnectionCircuit {
  private consecutive = 0;
  private openedAt: number | undefined;
  private trialInFlight = false;
  /** Whether the carrier's own throttle opened it (one answer), rather than a run of transient answers. */
  private throttledOpen = false;

  constructor(
    private readonly settings: CircuitSettings,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): CircuitState {
    if (this.openedAt === undefined) return 'closed';
    return this.now() - this.openedAt >= this.settings.pauseMs ? 'half-open' : 'open';
  }

  /** Whether a submission may go now; in half-open, only one at a time (it must then report its answer). */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  /** The connection answered (accepted, refused, or could not read the request). */
  answered(): void {
    this.consecutive = 0;
    this.openedAt = undefined;
    this.trialInFlight = false;
  }

  /**
   * A transient answer (no bind, 5xx, timeout). Answers true when this one opened the circuit. `throttled`:
   * the carrier said the connection itself must slow down, so one such answer opens it.
   */
  failed(throttled = false): boolean {
    const wasClosed = this.openedAt === undefined;
    this.trialInFlight = false;
    this.consecutive++;
    if (!wasClosed) {
      this.openedAt = this.now(); // a failed trial: another pause
      return false;
    }
    if (this.consecutive < this.settings.failures && !throttled) return false;
    this.openedAt = this.now();
    this.throttledOpen = throttled;
    return true;
  }

  /** Why it is open, for the failover note of the messages it sends elsewhere. */
  openedBy(failures: number): string {
    return this.throttledOpen ? 'paused: the carrier throttles its number' : `circuit open after ${failures} transient answers in a row`;
  }
}
