import type { Readable } from 'node:stream';
import type { Request as ExRequest } from 'express';
import { Get, OperationId, Path, Post, Produces, Query, Request, Response, Route, Security, SuccessResponse, Tags, UploadedFile } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import type { QueryText, ResourceId } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import { exportCsv, importCsv, type CsvKind, type UploadedCsv } from './consent-files.operations';
import type { ConsentCall } from './recipient-consent.operations';
import type { ImportResultResource } from './recipient-consent.models';

/**
 * CSV import and export of opt-outs and consent evidence (spec 4.7 rules 5
 * and 6), on both route bases. Imports are `multipart/form-data` with the
 * file in the field `file`, at most 10,000 rows and 5 MB; they only add,
 * never re-subscribe and send no consent events, and repeating a file
 * changes nothing. Exports stream at most 10,000 rows (`X-Truncated: true`
 * when more exist); cells starting with `=`, `+`, `-`, `@`, tab or carriage
 * return get a leading apostrophe, which an import understands.
 */
@Route('v1')
@Tags('Recipient consent')
@Response<Problem>(400, 'CONSENT_IMPORT_INVALID: not multipart, not CSV, wrong columns, over 10,000 rows or 5 MB; nothing stored')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden: the role or API-key right the operation needs is missing')
@Response<Problem>(404, 'Not Found: the route is not reachable for the caller')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class ConsentFilesController extends GatewayController {
  private call(req: ExRequest, base: { accountId?: string; subaccountId?: string }): ConsentCall {
    const principal = principalOf(req);
    return base.subaccountId !== undefined
      ? { deps: this.deps, principal, route: { accountId: principal.accountId, subaccountId: base.subaccountId, subaccountRoute: true } }
      : { deps: this.deps, principal, route: { accountId: base.accountId ?? '', subaccountRoute: false } };
  }

  private async stream(req: ExRequest, call: ConsentCall, kind: CsvKind): Promise<Readable> {
    const { truncated, body } = await exportCsv(call, kind);
    // A page that fails after the answer started cannot become a problem: cut the connection so the client sees it.
    body.once('error', (error) => {
      this.deps.logger.error('consent export failed while streaming', { error, kind });
      req.res?.destroy(error);
    });
    this.setHeader('Content-Type', 'text/csv; charset=utf-8');
    this.setHeader('Content-Disposition', `attachment; filename="${kind}.csv"`);
    this.setHeader('X-Truncated', truncated ? 'true' : 'false');
    return body;
  }

  /** Imports opt-outs for this subaccount: columns `recipient`, `channel`, optional `reason`.
   * @summary Import opt-outs from CSV (subaccount)
   */
  @Post('subaccounts/{subaccountId}/recipient-consent/opt-outs/import')
  @Security('bearer')
  @Security('apiKey')
  @SuccessResponse(200, 'One result per input row, and the SHA-256 of the file')
  @OperationId('importSubaccountOptOuts')
  public async importSubaccountOptOuts(
    @Path() subaccountId: ResourceId,
    @UploadedFile('file') file: Express.Multer.File,
    @Request() req: ExRequest,
  ): Promise<ImportResultResource> {
    return importCsv(this.call(req, { subaccountId }), 'opt-outs', file as UploadedCsv | undefined);
  }

  /**
   * Imports account opt-outs; query `scope` (`accountLevelOnly` or `entireAccount`) is required.
   * @param scope accountLevelOnly or entireAccount
   * @summary Import opt-outs from CSV (account)
   */
  @Post('accounts/{accountId}/recipient-consent/opt-outs/import')
  @Security('bearer')
  @Security('apiKey')
  @SuccessResponse(200, 'One result per input row, and the SHA-256 of the file')
  @OperationId('importAccountOptOuts')
  public async importAccountOptOuts(
    @Path() accountId: ResourceId,
    @UploadedFile('file') file: Express.Multer.File,
    @Request() req: ExRequest,
    @Query() scope?: QueryText,
  ): Promise<ImportResultResource> {
    return importCsv(this.call(req, { accountId }), 'opt-outs', file as UploadedCsv | undefined, scope);
  }

  /** Imports consent evidence: `phone_number`, `opted_in_at` (UTC), `method`, optional `source`, `consent_language`.
   * @summary Import consent evidence from CSV (subaccount)
   */
  @Post('subaccounts/{subaccountId}/recipient-consent/opt-in-records/import')
  @Security('bearer')
  @Security('apiKey')
  @SuccessResponse(200, 'One result per input row, and the SHA-256 of the file')
  @OperationId('importSubaccountOptInRecords')
  public async importSubaccountOptInRecords(
    @Path() subaccountId: ResourceId,
    @UploadedFile('file') file: Express.Multer.File,
    @Request() req: ExRequest,
  ): Promise<ImportResultResource> {
    return importCsv(this.call(req, { subaccountId }), 'opt-in-records', file as UploadedCsv | undefined);
  }

  /** Imports consent evidence at account level (see the subaccount route).
   * @summary Import consent evidence from CSV (account)
   */
  @Post('accounts/{accountId}/recipient-consent/opt-in-records/import')
  @Security('bearer')
  @Security('apiKey')
  @SuccessResponse(200, 'One result per input row, and the SHA-256 of the file')
  @OperationId('importAccountOptInRecords')
  public async importAccountOptInRecords(
    @Path() accountId: ResourceId,
    @UploadedFile('file') file: Express.Multer.File,
    @Request() req: ExRequest,
  ): Promise<ImportResultResource> {
    return importCsv(this.call(req, { accountId }), 'opt-in-records', file as UploadedCsv | undefined);
  }

  /** The subaccount's opt-outs as CSV, streamed; at most 10,000 rows (`X-Truncated`).
   * @summary Export opt-outs as CSV (subaccount)
   */
  @Get('subaccounts/{subaccountId}/recipient-consent/opt-outs/export')
  @Security('bearer')
  @Security('apiKey')
  @Produces('text/csv')
  @SuccessResponse(200, 'CSV with a header row', 'text/csv')
  @OperationId('exportSubaccountOptOuts')
  public async exportSubaccountOptOuts(@Path() subaccountId: ResourceId, @Request() req: ExRequest): Promise<Readable> {
    return this.stream(req, this.call(req, { subaccountId }), 'opt-outs');
  }

  /** The account's opt-outs as CSV, streamed; at most 10,000 rows (`X-Truncated`).
   * @summary Export opt-outs as CSV (account)
   */
  @Get('accounts/{accountId}/recipient-consent/opt-outs/export')
  @Security('bearer')
  @Security('apiKey')
  @Produces('text/csv')
  @SuccessResponse(200, 'CSV with a header row', 'text/csv')
  @OperationId('exportAccountOptOuts')
  public async exportAccountOptOuts(@Path() accountId: ResourceId, @Request() req: ExRequest): Promise<Readable> {
    return this.stream(req, this.call(req, { accountId }), 'opt-outs');
  }

  /** The subaccount's consent evidence as CSV, streamed; at most 10,000 rows (`X-Truncated`).
   * @summary Export consent evidence as CSV (subaccount)
   */
  @Get('subaccounts/{subaccountId}/recipient-consent/opt-in-records/export')
  @Security('bearer')
  @Security('apiKey')
  @Produces('text/csv')
  @SuccessResponse(200, 'CSV with a header row', 'text/csv')
  @OperationId('exportSubaccountOptInRecords')
  public async exportSubaccountOptInRecords(@Path() subaccountId: ResourceId, @Request() req: ExRequest): Promise<Readable> {
    return this.stream(req, this.call(req, { subaccountId }), 'opt-in-records');
  }

  /** The account's consent evidence as CSV, streamed; at most 10,000 rows (`X-Truncated`).
   * @summary Export consent evidence as CSV (account)
   */
  @Get('accounts/{accountId}/recipient-consent/opt-in-records/export')
  @Security('bearer')
  @Security('apiKey')
  @Produces('text/csv')
  @SuccessResponse(200, 'CSV with a header row', 'text/csv')
  @OperationId('exportAccountOptInRecords')
  public async exportAccountOptInRecords(@Path() accountId: ResourceId, @Request() req: ExRequest): Promise<Readable> {
    return this.stream(req, this.call(req, { accountId }), 'opt-in-records');
  }
}
