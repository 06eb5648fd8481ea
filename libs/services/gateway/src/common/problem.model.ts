/**
 * The error body every operation documents: the one model of
 * libs/shared/problems, so the OpenAPI schema is generated from it and
 * cannot drift from what the gateway sends.
 */
export type { Problem } from '@mp/problems';
