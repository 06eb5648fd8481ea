import type { OtherDelivery } from '../callbacks/post-callbacks.job';
import type { InboundCallbackRow } from '../inbound/inbound-callbacks.repository';
import type { SandboxSmsc } from './sandbox-smsc';

/**
 * POST /v1/sandbox/inbound for Sms as a real SMSC delivers it (issue 28 point 7):
 * a mobile-originated deliver_sm to the ESME bound to the sandbox SMSC, retried
 * like a callback while it is not answered. While no ESME is bound to receive
 * (messaging sends SMS over the HTTP Carrier API) it is the signed HTTP callback.
 */
export function smsMobileOriginated(smsc: SandboxSmsc): OtherDelivery<InboundCallbackRow> {
  return async (row) => {
    if (row.channel !== 'Sms' || !smsc.hasReceiver) return { kind: 'post' };
    const delivery = await smsc.deliverMobileOriginated({ from: row.from_address, to: row.to_address, body: row.body });
    return delivery.delivered ? { kind: 'delivered' } : { kind: 'failed', error: delivery.reason };
  };
}
