import { counter, scrapeGauge } from '@mp/telemetry';
import type { CircuitState } from './connection-circuit';

// Issue 29 point 8: /metrics per connection, whatever its protocol, labelled by its name.
const sends = counter('carrier_connection_submissions_total', 'Submissions a carrier connection answered, by outcome (accepted, rejected, transient, invalid)', ['connection', 'outcome']);
const failovers = counter(
  'carrier_connection_failovers_total',
  'Submissions that went past a connection to the next one of their sender (reason: transient, circuit-open, cannot-send)',
  ['connection', 'reason'],
);
const circuitOpenings = counter('carrier_connection_circuit_openings_total', "Times a connection's circuit opened after its run of transient answers", ['connection']);
const circuitState = scrapeGauge('carrier_connection_circuit_state', "A connection's circuit: 0 closed, 1 open (skipped), 0.5 half-open (one trial at a time)", ['connection']);

const STATE_VALUE: Record<CircuitState, number> = { closed: 0, open: 1, 'half-open': 0.5 };

export type FailoverReason = 'transient' | 'circuit-open' | 'cannot-send';

/** The Prometheus side of the connections of one process. */
export const connectionMetrics = {
  submission(connection: string, outcome: string): void {
    sends.inc({ connection, outcome });
  },
  failover(connection: string, reason: FailoverReason): void {
    failovers.inc({ connection, reason });
  },
  circuitOpened(connection: string): void {
    circuitOpenings.inc({ connection });
  },
  /** Reports the circuit's state on each scrape until the returned function is called. */
  watchCircuit(connection: string, state: () => CircuitState): () => void {
    return circuitState.addSource(async () => [{ labels: { connection }, value: STATE_VALUE[state()] }]);
  },
};
