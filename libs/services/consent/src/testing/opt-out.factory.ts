import { randomUUID } from 'node:crypto';
import type { OptOutRow } from '../opt-outs/opt-out';

/** An `opt_outs` row; recording through the API comes later, so tests seed rows. */
export function optOutRow(overrides: Partial<OptOutRow> & Pick<OptOutRow, 'account_id' | 'scope' | 'created_at'>): OptOutRow {
  return {
    id: randomUUID(),
    subaccount_id: null,
    recipient: '+15557654321',
    channel_type: 'Sms',
    receiving_number: null,
    source: 'customer',
    reason: null,
    ...overrides,
  };
}
