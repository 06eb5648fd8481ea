import { counter, scrapeGauge } from '@mp/telemetry';
import type { SmppConnectionStatus } from './smpp-connection-status';

// Issue 28 point 6: /metrics per connection, labelled by its name.
const submissions = counter('smpp_submissions_total', "Messages an SMPP connection submitted, by the outcome dispatch got (accepted, rejected, transient, invalid)", ['connection', 'outcome']);
const throttles = counter('smpp_throttles_total', 'submit_sm answered ESME_RTHROTTLED or ESME_RMSGQFUL (the connection slowed down and retried)', ['connection']);
const resubmissions = counter(
  'smpp_resubmissions_total',
  'Submissions left transient though the SMSC may have taken them (no submit_sm_resp in time, lost or unreadable answer, a long message cut short, accepted ids the ledger could not keep): their retry may duplicate',
  ['connection', 'cause'],
);
const sessionEvents = counter('smpp_session_events_total', 'SMPP session events (bound, bind-refused, closed:<reason>, malformed-pdu, unknown-command, response-timeout, ...)', ['connection', 'event']);
const boundSessions = scrapeGauge('smpp_bound_sessions', 'Bound SMPP sessions per connection (0: the connection cannot bind)', ['connection']);
const connectionReady = scrapeGauge(
  'smpp_connection_ready',
  'SMPP connection bound on this replica (1: at least one session bound here). With bind leases a replica may hold none: alert on max by (connection) == 0',
  ['connection'],
);
const heldBinds = scrapeGauge('smpp_held_binds', "SMPP binds (lease slots) this replica holds for a connection; summed over replicas, never above smpp_configured_binds", ['connection']);
const configuredBinds = scrapeGauge('smpp_configured_binds', 'SMPP sessions configured per connection', ['connection']);
const windowInUse = scrapeGauge('smpp_window_in_use', 'submit_sm awaiting their submit_sm_resp, over all binds of a connection', ['connection']);
const pacingRate = scrapeGauge('smpp_pacing_segments_per_second', 'Segments per second a connection is paced at now (below the configured rate after a throttle)', ['connection']);

export type ResubmissionCause = 'response-timeout' | 'connection-lost' | 'malformed-response' | 'partial-multipart' | 'ledger-failed';

/** The Prometheus side of one connection; its status() stays the plain-object side. */
export class SmppMetrics {
  constructor(private readonly connection: string) {}

  submission(outcome: string): void {
    submissions.inc({ connection: this.connection, outcome });
  }

  throttle(): void {
    throttles.inc({ connection: this.connection });
  }

  resubmission(cause: ResubmissionCause): void {
    resubmissions.inc({ connection: this.connection, cause });
  }

  sessionEvent(event: string): void {
    sessionEvents.inc({ connection: this.connection, event });
  }

  /** Reads the connection's gauges on each scrape; the returned function stops (the connection closed). */
  watch(status: () => SmppConnectionStatus): () => void {
    const labels = { connection: this.connection };
    const removers = [
      boundSessions.addSource(async () => [{ labels, value: status().boundSessions }]),
      configuredBinds.addSource(async () => [{ labels, value: status().configuredBinds }]),
      connectionReady.addSource(async () => [{ labels, value: status().ready ? 1 : 0 }]),
      heldBinds.addSource(async () => [{ labels, value: status().heldBinds }]),
      windowInUse.addSource(async () => [{ labels, value: status().windowInUse }]),
      pacingRate.addSource(async () => [{ labels, value: status().pacing.currentPerSecond }]),
    ];
    return () => removers.forEach((remove) => remove());
  }
}
