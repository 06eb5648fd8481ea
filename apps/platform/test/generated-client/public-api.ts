/**
 * Stand-in for the types openapi-typescript generates from the served
 * document. The repository's type-check sees this loose type (the generated
 * file exists only while generated-client.api.spec runs); that suite
 * type-checks readme-journey.ts with this module resolved to the generated
 * `.generated/public-api.d.ts` instead, where every path and field is exact.
 */
export type paths = any;
