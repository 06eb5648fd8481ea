import type { Request as ExRequest } from 'express';
import { Body, Get, OperationId, Path, Post, Produces, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import type { ResourceId } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import { toRegisterBrandRequest, toTenDlcBrand } from './tendlc.mapper';
import type { RegisterTenDlcBrandRequest, TenDlcBrand } from './tendlc.models';

/** The media types a brand answer can be asked for (spec 4.8); the first is the default. */
const BRAND_MEDIA_TYPES = ['application/json', 'text/json', 'text/plain'];

/**
 * 10DLC brand registration (spec 4.8). A brand is the account's (a caller
 * limited to a subaccount reaches none: 404). Registering needs an Admin or
 * Manager, or an API key with `ManageRouting`; reading needs any user, or a
 * key with `ManageRouting`. A brand is `PENDING` until The Campaign Registry
 * reports its verdict by signed callback; in sandbox it does so 30 s after
 * registration on the sandbox clock (`POST /v1/sandbox/clock/advance`).
 *
 * Success bodies are JSON in the media type the `Accept` header prefers
 * among `application/json` (the default), `text/json` and `text/plain` (the
 * same JSON text); like Stripe and Twilio, any other `Accept` (e.g.
 * `application/xml`) is answered with `application/json` rather than 406.
 * Errors are always `application/problem+json` (documented once per
 * operation: tsoa keeps a media type only on method-level responses).
 */
@Route('v1/tendlc/brands')
@Tags('10DLC')
@Security('bearer')
@Security('apiKey', ['ManageRouting'])
export class TenDlcController extends GatewayController {
  private get tendlc() {
    return this.deps.clients.tendlc;
  }

  /**
   * The account's brands, newest first.
   * @summary List 10DLC brands
   */
  @Get()
  @Produces('application/json')
  @Produces('text/json')
  @Produces('text/plain')
  @Response<Problem>(404, 'Not Found: a caller limited to a subaccount reaches no brands', undefined, 'application/problem+json')
  @Response<Problem>(401, 'Unauthorized', undefined, 'application/problem+json')
  @Response<Problem>(403, 'Forbidden: an API key without ManageRouting', undefined, 'application/problem+json')
  @Response<Problem>(422, 'Validation Error', undefined, 'application/problem+json')
  @Response<Problem>(429, 'Too Many Requests', undefined, 'application/problem+json')
  @Response<Problem>(500, 'Internal Server Error', undefined, 'application/problem+json')
  @OperationId('listTenDlcBrands')
  public async listTenDlcBrands(@Request() req: ExRequest): Promise<TenDlcBrand[]> {
    const principal = principalOf(req);
    const { items } = await this.tendlc.listBrands({ accountId: principal.accountId }, { principal });
    this.negotiate(req);
    return items.map(toTenDlcBrand);
  }

  /**
   * Checks every field against the entity type (nothing is stored or
   * submitted when one is wrong: one 400 names every bad field), then stores
   * the brand `PENDING` and submits it to the registry. A `referenceId` used
   * before answers that brand as it is now instead of a second registration.
   * @summary Register a 10DLC brand
   */
  @Post()
  @SuccessResponse(201, 'Created (or the brand an earlier registration with the same referenceId created)', ['application/json', 'text/json', 'text/plain'])
  @Response<Problem>(400, 'VALIDATION_FAILED naming every bad field (entity-type rules, formats); nothing stored or submitted', undefined, 'application/problem+json')
  @Response<Problem>(404, 'Not Found: a caller limited to a subaccount reaches no brands', undefined, 'application/problem+json')
  @Response<Problem>(409, 'CONFLICT: the referenceId was used for a registration with other fields', undefined, 'application/problem+json')
  @Response<Problem>(503, 'EXTERNAL_SERVICE_ERROR: no 10DLC registry is configured (outside sandbox); nothing stored', undefined, 'application/problem+json')
  @Response<Problem>(401, 'Unauthorized', undefined, 'application/problem+json')
  @Response<Problem>(403, 'Forbidden: an API key without ManageRouting, or a Member registering', undefined, 'application/problem+json')
  @Response<Problem>(422, 'Validation Error', undefined, 'application/problem+json')
  @Response<Problem>(429, 'Too Many Requests', undefined, 'application/problem+json')
  @Response<Problem>(500, 'Internal Server Error', undefined, 'application/problem+json')
  @OperationId('registerTenDlcBrand')
  public async registerTenDlcBrand(@Body() body: RegisterTenDlcBrandRequest, @Request() req: ExRequest): Promise<TenDlcBrand> {
    const principal = principalOf(req);
    const { brand } = await this.tendlc.registerBrand(toRegisterBrandRequest(principal.accountId, body), { principal });
    this.setStatus(201);
    this.negotiate(req);
    return toTenDlcBrand(brand!);
  }

  /**
   * One brand of the account, with its current status.
   * @summary Get a 10DLC brand
   */
  @Get('{brandId}')
  @Produces('application/json')
  @Produces('text/json')
  @Produces('text/plain')
  @Response<Problem>(404, 'Not Found: no such brand in the account', undefined, 'application/problem+json')
  @Response<Problem>(401, 'Unauthorized', undefined, 'application/problem+json')
  @Response<Problem>(403, 'Forbidden: an API key without ManageRouting', undefined, 'application/problem+json')
  @Response<Problem>(422, 'Validation Error', undefined, 'application/problem+json')
  @Response<Problem>(429, 'Too Many Requests', undefined, 'application/problem+json')
  @Response<Problem>(500, 'Internal Server Error', undefined, 'application/problem+json')
  @OperationId('getTenDlcBrand')
  public async getTenDlcBrand(@Path() brandId: ResourceId, @Request() req: ExRequest): Promise<TenDlcBrand> {
    const principal = principalOf(req);
    const brand = await this.tendlc.getBrand({ accountId: principal.accountId, brandId }, { principal });
    this.negotiate(req);
    return toTenDlcBrand(brand);
  }

  /** The answer's media type from `Accept`; express writes the same JSON text under it. */
  private negotiate(req: ExRequest): void {
    const type = req.accepts(BRAND_MEDIA_TYPES) || BRAND_MEDIA_TYPES[0];
    this.setHeader('Content-Type', `${type}; charset=utf-8`);
    this.setHeader('Vary', 'Accept');
  }
}
