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
 * the carrier events and the audit trail, and whether that connection's
 * receipts come by carrier id alone (dispatch records those with care). A sender no connection sends from
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
    // One note per connection passed over, in the order first passed (a later note, its own transient answer
    // after its open circuit, replaces the earlier one in place).
    const notes = new Map<CarrierConnection, { why: string; reason: FailoverReason }>();
    const passOver = (connection: CarrierConnection, reason: FailoverReason, why: string) => notes.set(connection, { why: `${connection.name}: ${why}`, reason });
    // The notes of the connections gone past before the one that ends it, counted as failovers only now: a
    // connection the submission ends with was not failed over.
    const ended = (connection: CarrierConnection, answer: CarrierOutcome): CarrierOutcome => {
      const before = [...notes].filter(([c]) => c !== connection);
      for (const [c, { reason }] of before) connectionMetrics.failover(c.name, reason);
      const failovers = before.map(([, { why }]) => why);
      const byCarrierId = this.byConnection.get(connection)!.receiptsByCarrierId === true;
      return { ...answer, connection: connection.name, ...(failovers.length > 0 ? { failovers } : {}), ...(byCarrierId ? { receiptsByCarrierId: true } : {}) };
    };
    let last: { connection: CarrierConnection; answer: Extract<CarrierOutcome, { kind: 'transient' }> } | undefined;
    for (const connection of this.tryOrder(candidates, submission.channel, passOver)) {
      const answer = await this.byConnection.get(connection)!.submit(submission);
      connectionMetrics.submission(connection.name, answer.kind);
      const circuit = this.circuits.get(connection)!;
      if (answer.kind !== 'transient') {
        circuit.answered();
        return ended(connection, answer);
      }
      if (circuit.failed(answer.throttled === true)) connectionMetrics.circuitOpened(connection.name);
      last = { connection, answer };
      passOver(connection, 'transient', answer.reason);
    }
    // None took it: the last one's answer, with every connection's reason in the order they were passed.
    const whys = [...notes.values()].map(({ why }) => why);
    if (!last) return { kind: 'transient', reason: whys.join('; '), failovers: whys };
    return ended(last.connection, { ...last.answer, reason: candidates.length === 1 ? last.answer.reason : whys.join('; ') });
  }

  /**
   * The order a submission tries its connections: those that can send here with a closed circuit (or a
   * half-open one's trial) by priority, then those whose circuit is open, rather than none at all: with
   * nowhere else to go, a message still gets its try, as it would with one connection. Lazy, so a half-open
   * circuit gives its one trial only when its connection's turn comes (not to a submission an earlier
   * connection then takes, which would leave the trial unanswered for good).
   */
  private *tryOrder(
    candidates: readonly CarrierConnection[],
    channel: Channel,
    passOver: (connection: CarrierConnection, reason: FailoverReason, why: string) => void,
  ): Generator<CarrierConnection> {
    const open: CarrierConnection[] = [];
    for (const connection of candidates) {
      if (this.byConnection.get(connection)!.canSend?.(channel) === false) {
        passOver(connection, 'cannot-send', 'cannot send from this replica (no bind)');
      } else if (this.circuits.get(connection)!.tryAcquire()) {
        yield connection;
      } else {
        passOver(connection, 'circuit-open', this.circuits.get(connection)!.openedBy(circuitOf(connection).failures));
        open.push(connection);
      }
    }
    yield* open;
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
