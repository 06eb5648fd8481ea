/*
 * Path and query parameters, each with the bound the OpenAPI document
 * publishes and tsoa enforces (400 VALIDATION_FAILED naming the parameter),
 * so no parameter carries unbounded input to a service.
 */

/**
 * An id in the path or query (a UUID); an unknown or malformed one is 404.
 * @maxLength 64
 */
export type ResourceId = string;

/**
 * A short value of a query filter (a status, a channel, a reference, a recipient).
 * @maxLength 320
 */
export type QueryText = string;

/**
 * An ISO-8601 timestamp with offset.
 * @maxLength 64
 */
export type Timestamp = string;

/**
 * The opaque `nextCursor` of the previous page.
 * @maxLength 1024
 */
export type Cursor = string;

/**
 * An integer as sent in a query.
 * @maxLength 16
 */
export type QueryInteger = string;

/**
 * The `Idempotency-Key` header: 1 to 255 printable ASCII characters.
 * @maxLength 255
 */
export type IdempotencyKey = string;

/**
 * The `X-Step-Up-Token` header: a token from POST /v1/auth/mfa/step-up or /v1/email-otp/verify.
 * @maxLength 512
 */
export type StepUpToken = string;

/**
 * A recipient: an E.164 number or an email address.
 * @maxLength 320
 */
export type Address = string;
