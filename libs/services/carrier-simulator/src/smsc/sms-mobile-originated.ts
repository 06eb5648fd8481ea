import type { OtherDelivery } from '../callbacks/post-callbacks.job';
import type { InboundCallbackRow } from '../inbound/inbound-callbacks.repository';
import type { SandboxSmsc } from './sandbox-smsc';

type Outcome = Awaited<ReturnType<OtherDelivery<InboundCallbackRow>>>;

/**
 * POST /v1/sandbox/inbound for Sms as a real SMSC delivers it (issue 28 point 7):
 * a mobile-originated deliver_sm to the ESME bound to the sandbox SMSC, retried
 * like a callback while it is not answered. While no ESME is bound to receive
 * (messaging sends SMS over the HTTP Carrier API) it is the signed HTTP callback.
 *
 * One sender's messages to one number go in the order they are asked for (the
 * callback queue's order, oldest first), each answered before the next: a
 * deliver_sm carries no time of receipt, so the order the platform gets them
 * in is the only order it knows (a STOP then a START must not arrive as
 * START, STOP). One not delivered holds the later ones of its pass back to
 * their retry (across retries the callback queue's backoff decides the order).
 */
export function smsMobileOriginated(smsc: SandboxSmsc): OtherDelivery<InboundCallbackRow> {
  const lastOf = new Map<string, Promise<Outcome>>();
  return (row) => {
    if (row.channel !== 'Sms' || !smsc.hasReceiver) return Promise.resolve({ kind: 'post' });
    const key = `${row.from_address}>${row.to_address}`;
    const before = lastOf.get(key);
    const delivery = (async (): Promise<Outcome> => {
      const earlier = await before?.catch((error: unknown) => ({ kind: 'failed' as const, error: String(error) }));
      if (earlier?.kind === 'failed') return { kind: 'failed', error: `an earlier message of ${row.from_address} to ${row.to_address} is not delivered yet` };
      const sent = await smsc.deliverMobileOriginated({ from: row.from_address, to: row.to_address, body: row.body });
      return sent.delivered ? { kind: 'delivered' } : { kind: 'failed', error: sent.reason };
    })();
    lastOf.set(key, delivery);
    void delivery.finally(() => lastOf.get(key) === delivery && lastOf.delete(key)).catch(() => undefined);
    return delivery;
  };
}
