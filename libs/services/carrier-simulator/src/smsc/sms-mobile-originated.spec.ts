import { CommandStatus, type PduOf } from '@mp/smpp';
import type { InboundCallbackRow } from '../inbound/inbound-callbacks.repository';
import { smsMobileOriginated } from './sms-mobile-originated';
import { startSandboxSmsc, type SandboxSmscHarness } from './testing/sandbox-smsc.harness';

// A deliver_sm carries no time of receipt: the order the SMSC sends one sender's messages in is the
// only order the platform learns. The callback queue hands a pass's rows over all at once.

const NUMBER = '+15550007000';
let h: SandboxSmscHarness;
beforeAll(async () => {
  h = await startSandboxSmsc();
});
afterAll(() => h.close());

let n = 0;
const row = (from: string, body: string): InboundCallbackRow => ({
  event_id: `e-${++n}`,
  attempts: 0,
  carrier_message_id: `mo-${n}`,
  channel: 'Sms',
  from_address: from,
  to_address: NUMBER,
  body,
  context_id: null,
  received_at: new Date(),
});
const textOf = (pdu: PduOf<'deliver_sm'>) => `${pdu.sourceAddr}:${Buffer.from(pdu.shortMessage).toString('latin1')}`;

describe('sandbox inbound SMS as deliver_sm (smsMobileOriginated)', () => {
  it("one sender's messages go one after another in the order asked, each answered before the next; another sender's are not held back", async () => {
    const events: string[] = [];
    let releaseStop!: () => void;
    const stopHeld = new Promise<void>((resolve) => (releaseStop = resolve));
    const esme = await h.bind({
      // The platform takes its time over the STOP (its database is slow): START must wait for the answer.
      onDeliverSm: async (pdu) => {
        esme.delivered.push(pdu);
        events.push(`got ${textOf(pdu)}`);
        if (textOf(pdu).endsWith('STOP')) await stopHeld;
        events.push(`answered ${textOf(pdu)}`);
      },
    });
    const deliver = smsMobileOriginated(h.smsc);
    const outcomes = Promise.all([deliver(row('+15557000001', 'STOP')), deliver(row('+15557000001', 'START')), deliver(row('+15557000002', 'HELP'))]);
    await esme.waitForDelivered(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The other sender's HELP went meanwhile; this sender's START still waits.
    expect(events).toEqual(['got 15557000001:STOP', 'got 15557000002:HELP', 'answered 15557000002:HELP']);
    releaseStop();
    expect(await outcomes).toEqual([{ kind: 'delivered' }, { kind: 'delivered' }, { kind: 'delivered' }]);
    expect(events.slice(3)).toEqual(['answered 15557000001:STOP', 'got 15557000001:START', 'answered 15557000001:START']);
    await esme.session.unbind();
  });

  it("a message the platform refuses holds the sender's later ones back to their retry (never delivered ahead of it)", async () => {
    const esme = await h.bind({ answer: (pdu) => (textOf(pdu).endsWith('STOP') ? CommandStatus.ESME_RX_T_APPN : undefined) });
    const deliver = smsMobileOriginated(h.smsc);
    const outcomes = await Promise.all([deliver(row('+15557000003', 'STOP')), deliver(row('+15557000003', 'START'))]);
    expect(outcomes).toEqual([
      { kind: 'failed', error: 'deliver_sm answered ESME_RX_T_APPN' },
      { kind: 'failed', error: 'an earlier message of +15557000003 to +15550007000 is not delivered yet' },
    ]);
    expect(esme.delivered.map(textOf)).toEqual(['15557000003:STOP']);
    await esme.session.unbind();
  });
});
