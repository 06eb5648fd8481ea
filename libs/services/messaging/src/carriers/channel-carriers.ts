import type { Channel } from '../rules';
import type { CarrierAdapter, CarrierOutcome, CarrierSubmission } from './carrier.port';

/**
 * One carrier per channel behind the one port: dispatch hands every
 * submission here and it goes to its channel's carrier. A channel without a
 * carrier is left out of `channels`, so dispatch never claims its messages
 * (they stay queued until one is configured).
 */
export class ChannelCarriers implements CarrierAdapter {
  readonly channels: readonly Channel[];

  constructor(private readonly byChannel: Partial<Record<Channel, CarrierAdapter>>) {
    this.channels = (Object.keys(byChannel) as Channel[]).filter((c) => byChannel[c] !== undefined);
  }

  submit(submission: CarrierSubmission): Promise<CarrierOutcome> {
    const carrier = this.byChannel[submission.channel];
    // Not reachable through dispatch (it claims only `channels`); a transient answer keeps the message.
    if (!carrier) return Promise.resolve({ kind: 'transient', reason: `no carrier for channel ${submission.channel}` });
    return carrier.submit(submission);
  }

  canSend(channel: Channel): boolean {
    const carrier = this.byChannel[channel];
    return carrier !== undefined && carrier.canSend?.(channel) !== false;
  }

  inFlightCapacity(channel: Channel): number {
    return this.byChannel[channel]?.inFlightCapacity?.(channel) ?? 0;
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.byChannel).map((carrier) => carrier?.close?.()));
  }
}
