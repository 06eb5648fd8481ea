import type { Channel } from '../rules';
import type { CarrierAdapter, CarrierOutcome, CarrierSubmission } from './carrier.port';
import { connectionsFor, type CarrierConnection } from './connections';

export interface ConnectedCarrier {
  readonly connection: CarrierConnection;
  readonly carrier: CarrierAdapter;
}

/**
 * The configured carrier connections behind the one port (issue 28 point 1):
 * a submission goes to the connections of its channel that send from its
 * sender, in the operator's failover order, and on to the next only while the
 * answer is transient (no bind, the SMSC busy or silent). A refusal is the
 * carrier's word on the message and ends it. A sender no connection sends
 * from is transient too: the message waits, as a channel without a carrier does.
 */
export class ConnectionCarriers implements CarrierAdapter {
  readonly channels: readonly Channel[];
  private readonly byConnection: ReadonlyMap<CarrierConnection, CarrierAdapter>;

  constructor(private readonly connected: readonly ConnectedCarrier[]) {
    this.channels = [...new Set(connected.map((c) => c.connection.channel))];
    this.byConnection = new Map(connected.map((c) => [c.connection, c.carrier]));
  }

  async submit(submission: CarrierSubmission): Promise<CarrierOutcome> {
    const candidates = connectionsFor(
      this.connected.map((c) => c.connection),
      submission.channel,
      submission.from,
    );
    if (candidates.length === 0) return { kind: 'transient', reason: `no ${submission.channel} connection sends from ${submission.from}` };
    const transient: string[] = [];
    let last: CarrierOutcome | undefined;
    for (const connection of candidates) {
      last = await this.byConnection.get(connection)!.submit(submission);
      if (last.kind !== 'transient') return last;
      transient.push(`${connection.name}: ${last.reason}`);
    }
    return candidates.length === 1 ? last! : { kind: 'transient', reason: transient.join('; ') };
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
    await Promise.all(this.connected.map(({ carrier }) => carrier.close?.()));
  }
}
