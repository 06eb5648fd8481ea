import type { providerCallbackV1 } from '@mp/contracts';
import type { ProviderCallbackHandoff } from '../provider-callback-handoff';

/** provider-callback as the job sees it: records every call, deduplicates like it (event id, carrier message id), and can be down. */
export class HandoffRecorder implements ProviderCallbackHandoff {
  readonly receiptCalls: providerCallbackV1.RecordCarrierReceiptsRequest[] = [];
  readonly inboundCalls: providerCallbackV1.RecordCarrierInboundRequest[] = [];
  /** Receipts stored for the first time, in order (what provider-callback would announce). */
  readonly announcedReceipts: Array<providerCallbackV1.CarrierReceipt & { carrier: string }> = [];
  readonly announcedInbound: providerCallbackV1.RecordCarrierInboundRequest[] = [];
  down = false;
  /** Called with each receipt announced (an end-to-end spec hands it to messaging's receipt consumer). */
  onReceipt?: (carrier: string, receipt: providerCallbackV1.CarrierReceipt) => Promise<void>;
  private readonly seen = new Set<string>();

  async recordCarrierReceipts(request: providerCallbackV1.RecordCarrierReceiptsRequest): Promise<providerCallbackV1.RecordCarrierReceiptsResponse> {
    this.receiptCalls.push(request);
    if (this.down) throw new Error('provider-callback is down (test)');
    const recordedEventIds: string[] = [];
    for (const receipt of request.receipts) {
      const key = `${request.carrier}\n${receipt.eventId}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      recordedEventIds.push(receipt.eventId);
      this.announcedReceipts.push({ ...receipt, carrier: request.carrier });
      await this.onReceipt?.(request.carrier, receipt);
    }
    return { recordedEventIds };
  }

  async recordCarrierInbound(request: providerCallbackV1.RecordCarrierInboundRequest): Promise<providerCallbackV1.RecordCarrierInboundResponse> {
    this.inboundCalls.push(request);
    if (this.down) throw new Error('provider-callback is down (test)');
    const key = `${request.carrier}\n${request.carrierMessageId}`;
    const accepted = !this.seen.has(key);
    if (accepted) {
      this.seen.add(key);
      this.announcedInbound.push(request);
    }
    return { accepted, eventId: request.eventId };
  }
}
