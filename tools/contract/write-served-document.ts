/**
 * Writes /openapi/public.json as the gateway serves it (the generated document
 * plus the deployment's `servers` entry) to the path given, for the tools that
 * check the contract (Redocly's lint, the breaking-change check).
 *
 *   npx tsx tools/contract/write-served-document.ts <out.json>
 */
import { writeFileSync } from 'node:fs';
import { publicOpenApi } from '../../libs/services/gateway/src/platform-routes/openapi-document';

const out = process.argv[2];
if (!out) throw new Error('usage: write-served-document.ts <out.json>');
writeFileSync(out, JSON.stringify(publicOpenApi(process.env.PUBLIC_BASE_URL ?? 'https://api.messaging-platform.test').json));
