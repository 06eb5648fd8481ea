import type { PduOf } from '@mp/smpp';
import { ScriptedSmsc } from '@mp/smpp/src/testing/scripted-smsc';
import type { CarrierSubmission } from '../carrier.port';
import type { SmppConnection } from '@mp/carrier-connections';
import { SmppCarrier } from './smpp-carrier';
import { InMemoryPartLedger, RecordingDeliverHandler, waitUntil } from './testing/fake-ports';
import { smppConnection } from './testing/smpp-connection';

// Issue 28 point 2: pacing per connection by segments. No one-second window of what the SMSC received may
// hold more segments than throughputPerSecond, over all the connection's binds.
const sms = (i: number, body: string): CarrierSubmission => ({ reference: `m-${i}:1`, accountId: 'a-1', channel: 'Sms', from: '+15550000001', to: '+447700900123', body });
const THREE_SEGMENTS = 'x'.repeat(153 * 2 + 1);

/** The most segments the SMSC received in any one-second window (t − 1000 ms, t]. */
function busiestSecond(received: Array<{ at: number; segments: number }>): number {
  return Math.max(...received.map(({ at: end }) => received.filter(({ at }) => at > end - 1000 && at <= end).reduce((sum, r) => sum + r.segments, 0)));
}

describe('SmppCarrier pacing', () => {
  let smsc: ScriptedSmsc;
  let carrier: SmppCarrier;
  const received: Array<{ at: number; segments: number }> = [];

  async function open(overrides: Partial<SmppConnection>): Promise<void> {
    received.length = 0;
    smsc = await ScriptedSmsc.start((pdu) => {
      if (pdu.command === 'submit_sm') {
        const payload = (pdu as PduOf<'submit_sm'>).tlvs?.messagePayload;
        received.push({ at: Date.now(), segments: payload ? Math.ceil(payload.length / 153) : 1 });
      }
      return 'default';
    });
    // The SMSC here shares the test's event loop: a stall on a busy CI machine stamps a write late, past the
    // default 50 ms guard (CI saw 6 in a second). A wider guard keeps the subject, the rate over both binds.
    carrier = new SmppCarrier(
      smppConnection(smsc.port, overrides),
      { ledger: new InMemoryPartLedger(), onDeliverSm: new RecordingDeliverHandler().handle },
      { pacingGuardMs: 300 },
    );
    await waitUntil(() => carrier.status().boundSessions === (overrides.binds ?? 1));
  }

  afterEach(async () => {
    await carrier?.close();
    await smsc?.stop();
  });

  it('15 segments at throughputPerSecond 5 over two binds: never more than 5 in any second', async () => {
    await open({ throughputPerSecond: 5, binds: 2 });
    const bodies = [THREE_SEGMENTS, 'one', THREE_SEGMENTS, 'two', 'three', THREE_SEGMENTS, 'four', 'five', 'six'];
    const outcomes = await Promise.all(bodies.map((body, i) => carrier.submit(sms(i, body))));
    expect(outcomes.every((o) => o.kind === 'accepted')).toBe(true);
    expect(received.reduce((sum, r) => sum + r.segments, 0)).toBe(15);
    expect(busiestSecond(received)).toBeLessThanOrEqual(5);
    expect(received.at(-1)!.at - received[0].at).toBeGreaterThanOrEqual(2000); // as fast as 5/s allows, no faster
  });

  it('message_payload counts every segment it carries, not one per PDU', async () => {
    await open({ throughputPerSecond: 6, longMessages: 'payload' });
    const outcomes = await Promise.all([0, 1, 2, 3].map((i) => carrier.submit(sms(i, THREE_SEGMENTS))));
    expect(outcomes.every((o) => o.kind === 'accepted')).toBe(true);
    expect(received.map((r) => r.segments)).toEqual([3, 3, 3, 3]);
    expect(busiestSecond(received)).toBeLessThanOrEqual(6);
  });
});
