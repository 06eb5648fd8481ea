/** gRPC metadata key carrying the call token. */
export const CALL_TOKEN_METADATA_KEY = 'x-call-token';

/** The private claim holding the principal. */
export const PRINCIPAL_CLAIM = 'prn';

/** A call token never lives longer than this, whatever the call's deadline. */
export const CALL_TOKEN_MAX_LIFETIME_SECONDS = 120;

/** Allowed clock difference between the signing and the verifying process. */
export const CALL_TOKEN_CLOCK_TOLERANCE_SECONDS = 2;

/** Who may sign `system` principals. */
export const STAFF_ISSUER = 'staff';
