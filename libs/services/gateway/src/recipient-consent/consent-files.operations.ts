import { Readable } from 'node:stream';
import type { consentV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import type { ConsentCall } from './recipient-consent.operations';
import type { ImportResultResource, ImportRowResultResource } from './recipient-consent.models';

export type CsvKind = 'opt-outs' | 'opt-in-records';

/** What a route receives from multer; absent when the body held no file. */
export interface UploadedCsv {
  buffer: Buffer;
}

function toImportResult(r: consentV1.ImportResult): ImportResultResource {
  return {
    sha256: r.sha256,
    created: r.created,
    alreadyExists: r.alreadyExists,
    duplicateInFile: r.duplicateInFile,
    invalid: r.invalid,
    rows: r.rows.map((row) => ({ row: row.row, result: row.result as ImportRowResultResource['result'], errors: row.errors })),
  };
}

export async function importCsv(call: ConsentCall, kind: CsvKind, file: UploadedCsv | undefined, scope?: string): Promise<ImportResultResource> {
  if (!file) throw new DomainError('CONSENT_IMPORT_INVALID', 'Send the CSV as multipart/form-data, in the field "file".');
  const client = call.deps.clients.consent;
  const options = { principal: call.principal, deadlineMs: 120_000 };
  const result =
    kind === 'opt-outs'
      ? await client.importOptOuts({ route: call.route, scope, file: file.buffer }, options)
      : await client.importOptInRecords({ route: call.route, file: file.buffer }, options);
  return toImportResult(result);
}

/**
 * The export as a stream of CSV pages: the first page is fetched before the
 * answer starts (so a refusal is still a problem response, and X-Truncated is
 * known), the rest while the client reads.
 */
export async function exportCsv(call: ConsentCall, kind: CsvKind): Promise<{ truncated: boolean; body: Readable }> {
  const client = call.deps.clients.consent;
  const page = (cursor?: string) =>
    kind === 'opt-outs'
      ? client.exportOptOuts({ route: call.route, cursor }, { principal: call.principal })
      : client.exportOptInRecords({ route: call.route, cursor }, { principal: call.principal });
  const first = await page();
  async function* pages() {
    yield Buffer.from(first.csv);
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await page(cursor);
      yield Buffer.from(next.csv);
      cursor = next.nextCursor;
    }
  }
  return { truncated: first.truncated, body: Readable.from(pages()) };
}
