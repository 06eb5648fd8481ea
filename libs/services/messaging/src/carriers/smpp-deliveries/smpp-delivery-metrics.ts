import { counter } from '@mp/telemetry';

// Issue 28 points 4, 5, 9: what an operator alerts on, per connection.
export const deliverSmStored = counter('smpp_deliver_sm_total', 'deliver_sm stored before their deliver_sm_resp, by connection and kind (receipt, inbound, unparseable)', ['connection', 'kind']);
export const deliverSmStoreFailures = counter(
  'smpp_deliver_sm_store_failures_total',
  'deliver_sm answered ESME_RX_T_APPN because they could not be stored (the SMSC resends them)',
  ['connection'],
);
export const receiptsApplied = counter('smpp_receipts_applied_total', 'SMPP receipts matched to a submitted part, by connection and stat', ['connection', 'stat']);
export const receiptsExpired = counter(
  'smpp_receipts_unmatched_total',
  'SMPP receipts whose id no submitted part had by the matching limit (dropped, logged)',
  ['connection'],
);
export const outcomesAnnounced = counter('smpp_message_outcomes_total', 'Messages whose SMPP parts decided delivered or undelivered, handed to provider-callback', ['connection', 'status']);
export const inboundHanded = counter('smpp_inbound_total', 'Inbound SMPP messages handed to provider-callback, by connection and completeness (complete, incomplete)', ['connection', 'completeness']);
export const inboundUndecodable = counter('smpp_inbound_undecodable_total', 'Inbound SMPP messages with no text to hand on (binary data_coding, or empty)', ['connection']);
export const handoffFailures = counter('smpp_handoff_failures_total', 'Calls to provider-callback that failed (retried on the next pass)', ['connection', 'what']);
