import type { Clock } from '@mp/clock';
import type { DueJob } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { CarrierSimulatorConfig } from '../carrier-simulator.config';
import { claimDueReceipts, markReceiptFailed, markReceiptSent, type PendingReceipt } from './carrier-receipts.repository';
import { receiptBody } from './receipt-payload';
import { postReceipt, RECEIPT_TIMEOUT_MS, receiptsUrl } from './receipt-poster';
import { retryDelaySeconds } from './receipt-retry.rules';

const BATCH_SIZE = 25;
// Longer than a post can take, so a claimed receipt is not claimed twice while in flight.
const LEASE_MS = RECEIPT_TIMEOUT_MS * 12;

/** Posts due receipts to the platform, signed; failures are retried with backoff, never dropped. */
export class DeliverReceiptsJob implements DueJob {
  readonly name = 'carrier-simulator.deliver-receipts';
  readonly intervalMs = 250;
  private warnedNoUrl = false;

  constructor(
    private readonly db: Knex,
    private readonly clock: Clock,
    private readonly config: Pick<CarrierSimulatorConfig, 'CARRIER_CALLBACK_URL' | 'CALLBACK_SECRET_SIM'>,
    private readonly logger: Logger,
  ) {}

  async runDue(): Promise<number> {
    // Read on every pass: the composer may learn the gateway's address after creating the module.
    const base = this.config.CARRIER_CALLBACK_URL;
    if (!base) {
      if (!this.warnedNoUrl) this.logger.warn('CARRIER_CALLBACK_URL is not set; receipts wait until it is');
      this.warnedNoUrl = true;
      return 0;
    }
    const now = this.clock.now();
    const claimed = await claimDueReceipts(this.db, now, BATCH_SIZE, new Date(now.getTime() + LEASE_MS));
    await Promise.all(claimed.map((receipt) => this.deliver(receiptsUrl(base), receipt)));
    return claimed.length;
  }

  private async deliver(url: string, receipt: PendingReceipt): Promise<void> {
    const attempts = receipt.attempts + 1;
    const outcome = await postReceipt(url, this.config.CALLBACK_SECRET_SIM, receiptBody(receipt));
    const now = this.clock.now();
    if (outcome.ok) {
      await markReceiptSent(this.db, receipt.eventId, attempts, now);
      return;
    }
    const delay = retryDelaySeconds(attempts);
    this.logger.warn('receipt not accepted; will retry', { eventId: receipt.eventId, attempts, retryInSeconds: delay, error: outcome.error });
    await markReceiptFailed(this.db, receipt.eventId, attempts, new Date(now.getTime() + delay * 1000), outcome.error);
  }
}
