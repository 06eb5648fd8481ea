// SMPP receipts and inbound messages (issue 28 points 4, 5, 9): the adapter's deliver handler and part ledger, and the job that carries them on.
export { createSmppDeliverHandler, DEFAULT_RESEND_WINDOW_MS, type SmppDeliverHandlerDeps } from './smpp-deliver-handler';
export { createSmppPartLedger, type SmppPartLedgerDeps } from './smpp-part-ledger.repository';
export { DEFAULT_REASSEMBLY_LIMIT_MS, DEFAULT_RETENTION_MS, DEFAULT_UNMATCHED_RECEIPT_LIMIT_MS, smppDeliveriesJob, type SmppDeliveriesJobDeps } from './smpp-deliveries.job';
export type { ProviderCallbackHandoff } from './provider-callback-handoff';
