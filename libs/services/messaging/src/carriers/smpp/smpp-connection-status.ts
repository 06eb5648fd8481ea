/** One SMPP connection as an operator (and readiness) sees it: `SmppCarrier.status()`. */
export interface SmppConnectionStatus {
  connection: string;
  /** At least one session is bound: the connection can take submissions. */
  ready: boolean;
  configuredBinds: number;
  /** Binds this replica may open: all `binds`, or with bind leases the slots it holds (the others are other replicas'). */
  heldBinds: number;
  boundSessions: number;
  /** submit_sm awaiting their submit_sm_resp, over all binds. */
  windowInUse: number;
  /** `window` × the binds held here. */
  windowSize: number;
  pacing: { configuredPerSecond: number; currentPerSecond: number; slowedUntil?: string };
  /** Messages by the outcome dispatch got. */
  submits: { accepted: number; rejected: number; transient: number; invalid: number };
  /** submit_sm answered ESME_RTHROTTLED / ESME_RMSGQFUL. */
  throttles: number;
  /** Transient outcomes the SMSC may have taken (their retry may duplicate), by cause. */
  resubmissions: { responseTimeout: number; connectionLost: number; malformedResponse: number; partialMultipart: number; ledgerFailed: number };
  /** Why binds are down now (`bind refused: ESME_RINVPASWD`, `session closed: enquire-link-unanswered`, ...). */
  bindErrors: string[];
  /** Submissions inside submit() now. */
  inFlight: number;
  closing: boolean;
}
