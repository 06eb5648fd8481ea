import type * as PgliteModule from '@electric-sql/pglite';

/**
 * Loads PGlite on first use, so processes on a real PostgreSQL server never load its WASM.
 *
 * Under Jest the module is loaded by Node itself rather than by Jest's sandbox: PGlite's Emscripten
 * loader calls dynamic import(), which Jest's CommonJS sandbox (node:vm without
 * --experimental-vm-modules) rejects (electric-sql/pglite#224). Values PGlite creates then come from
 * another JS realm, which is why the knex client rebuilds rows and errors locally.
 */
export function loadPglite(): typeof PgliteModule {
  if (process.env['JEST_WORKER_ID'] === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('@electric-sql/pglite');
  }
  // Inside Jest, 'node:module' is Jest's subclass of Module; its inherited static _load is Node's loader.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const nodeModule = require('node:module') as { _load(request: string, parent: null, isMain: boolean): unknown };
  return nodeModule._load(require.resolve('@electric-sql/pglite'), null, false) as typeof PgliteModule;
}
