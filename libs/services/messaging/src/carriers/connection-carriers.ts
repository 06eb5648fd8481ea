import type { Channel } from '../rules';
import type { CarrierAdapter, CarrierOutcome, CarrierSubmission } from './carrier.port';
import { ConnectionCircuit } from './connection-circuit';
import { connectionMetrics, type FailoverReason } from './connection-metrics';
import { connectionsFor, DEFAULT_CIRCUIT, type CarrierConnection } from '@mp/carrier-connections';

export interface ConnectedCarrier {
  readonly connection: CarrierConnection;
  readonly carrier: CarrierAdapter;
}

/**
 * The configured carrier connections behind the one port (issue 28 point 1,
 * issue 29 point 5): a submission goes to the connections of its channel
 * that send from its sender, in the operator's failover order, and on to the
 * next while the answer is transient (no bind, the carrier busy or silent).
 * A connection that cannot send here (SMPP: no bind) or whose circuit is
 * open (a run of transient answers, connection-circuit.ts) is passed over at
 * once. A refusal is the carrier's word on the message and ends it. Every
 * answer names the connection that gave it and the ones passed over, for
 * the carrier events and the audit trail. A sender no connection sends from
 * is transient too: the message waits, as a channel without a carrier does.
 */
export class ConnectionCarriers implements CarrierAdapter {
  readonly channels: readonly Channel[];
  private readonly byConnection: ReadonlyMap<CarrierConnection, CarrierAdapter>;
  private readonly circuits: ReadonlyMap<CarrierConnection, ConnectionCircuit>;
  private readonly unwatch: Array<() => void>;

  constructor(
    private readonly connected: readonly ConnectedCarrier[],
    now: () => number = Date.now,
  ) {
    this.channels = [...new Set(connected.map((c) => c.connection.channel))];
    this.byConnection = new Map(connected.map((c) => [c.connection, c.carrier]));
    this.circuits = new Map(
      connected.map(({ connection }) => [connection, new ConnectionCircuit(circuitOf(connection), now)]),
    );
    this.unwatch = connected.map(({ connection }) => connectionMetrics.watchCircuit(connection.name, () => this.circuits.get(connection)!.state));
  }

  async submit(submission: CarrierSubmission): Promise<CarrierOutcome> {
    const candidates = connectionsFor(
      this.connected.map((c) => c.connection),
      submission.channel,
      submission.from,
    );
    if (candidates.length === 0) return { kind: 'transient', reason: `no ${submission.channel} connection sends from ${submission.from}` };
    // `<connection>: <why>` for each connection passed over so far, in order.
    const passed = new Map<CarrierConnection, { why: string; reason: FailoverReason }>();
    const passOver = (connection: CarrierConnection, reason: FailoverReason, why: string) => passed.set(connection, { why: `${connection.name}: ${why}`, reason });
    // Counted once the submission has gone on to another connection: a connection it ends with was not failed over.
    const noted = (connection: CarrierConnection, answer: CarrierOutcome): CarrierOutcome => {
      const before = [...passed].filter(([c]) => c !== connection);
      for (const [c, { reason }] of before) connectionMetrics.failover(c.name, reason);
      const failovers = before.map(([, { why }]) => why);
      return { ...answer, connection: connection.name, ...(failovers.length > 0 ? { failovers } : {}) };
    };
    let last: { connection: CarrierConnection; answer: CarrierOutcome } | undefined;
    /** The connection's answer when it took the message or refused it; undefined when it was transient. */
    const ask = async (connection: CarrierConnection): Promise<CarrierOutcome | undefined> => {
      const answer = await this.byConnection.get(connection)!.submit(submission);
      connectionMetrics.submission(connection.name, answer.kind);
      const circuit = this.circuits.get(connection)!;
      if (answer.kind !== 'transient') {
        circuit.answered();
        return noted(connection, answer);
      }
      if (circuit.failed()) connectionMetrics.circuitOpened(connection.name);
      last = { connection, answer };
      passOver(connection, 'transient', answer.reason);
      return undefined;
    };
    // A connection whose circuit is open goes after the healthy ones rather than not at all: with nowhere else
    // to go, a message still gets its try (and its own back-off), as it would with one connection.
    const open: CarrierConnection[] = [];
    // Each circuit is asked only when its connection's turn comes: a half-open one gives its single trial to a
    // submission that then goes to it, not to one a connection before it takes (the trial would never be answered).
    for (const connection of candidates) {
      if (this.byConnection.get(connection)!.canSend?.(submission.channel) === false) {
        passOver(connection, 'cannot-send', 'cannot send from this replica (no bind)');
        continue;
      }
      if (!this.circuits.get(connection)!.tryAcquire()) {
        passOver(connection, 'circuit-open', `circuit open after ${circuitOf(connection).failures} transient answers in a row`);
        open.push(connection);
        continue;
      }
      const answer = await ask(connection);
      if (answer) return answer;
    }
    for (const connection of open) {
      const answer = await ask(connection);
      if (answer) return answer;
    }
    // None took it: the last one's answer, with every connection's reason in the order they were passed.
    const reason = [...passed.values()].map(({ why }) => why).join('; ');
    if (!last) return { kind: 'transient', reason, failovers: [...passed.values()].map(({ why }) => why) };
    const answer = noted(last.connection, last.answer);
    return { ...answer, reason: candidates.length === 1 ? (last.answer as { reason: string }).reason : reason } as CarrierOutcome;
  }

  /** Some connection of the channel can send now (a sender only an unbound one serves still gets transient). */
  canSend(channel: Channel): boolean {
    return this.connected.some((c) => c.connection.channel === channel && c.carrier.canSend?.(channel) !== false);
  }

  /** The channel's connections' capacities together (a submission takes one at a time); 0 when none says. */
  inFlightCapacity(channel: Channel): number {
    return this.connected.reduce((sum, c) => sum + (c.connection.channel === channel ? (c.carrier.inFlightCapacity?.(channel) ?? 0) : 0), 0);
  }

  async close(): Promise<void> {
    for (const stop of this.unwatch) stop();
    await Promise.all(this.connected.map(({ carrier }) => carrier.close?.()));
  }
}

const circuitOf = (connection: CarrierConnection) => ({
  failures: connection.circuitFailures ?? DEFAULT_CIRCUIT.failures,
  pauseMs: (connection.circuitPauseSeconds ?? DEFAULT_CIRCUIT.pauseSeconds) * 1000,
});
