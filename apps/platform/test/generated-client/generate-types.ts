import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

/**
 * openapi-typescript, run as its own process (generate-client.ts starts it):
 * its dependencies are ES modules, which jest's module loader cannot load.
 * Usage: tsx generate-types.ts <document.json> <types.d.ts>
 */
async function main([documentPath, typesPath]: string[]) {
  const ast = await openapiTS(JSON.parse(readFileSync(documentPath, 'utf8')));
  writeFileSync(typesPath, astToString(ast));
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
