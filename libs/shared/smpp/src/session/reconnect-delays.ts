export interface ReconnectDelayOptions {
  /** First delay, ms (default 1 000). */
  initialMs?: number;
  /** Cap, ms (default 60 000; Jasmin and Kannel reconnect every 10 s). */
  maxMs?: number;
  /** Growth per attempt (default 2). */
  factor?: number;
  /** ± fraction applied to each delay (default 0.2) so many binds lost together do not reconnect in step. */
  jitter?: number;
  random?: () => number;
}

/** Delays before each reconnect attempt: exponential, capped, jittered. Endless; restart it after a successful bind. */
export function* reconnectDelays(options: ReconnectDelayOptions = {}): Generator<number, never> {
  const { initialMs = 1000, maxMs = 60_000, factor = 2, jitter = 0.2, random = Math.random } = options;
  for (let base = initialMs; ; base = Math.min(maxMs, base * factor)) {
    const spread = base * jitter * (2 * random() - 1);
    yield Math.max(0, Math.round(Math.min(maxMs, base) + spread));
  }
}
