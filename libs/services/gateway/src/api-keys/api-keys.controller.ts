import type { identityV1 } from '@mp/contracts';
import type { Request as ExRequest } from 'express';
import { Body, Delete, Get, OperationId, Path, Post, Put, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import { orNull } from '../common/nullable';
import type { ResourceId } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import type { ApiKeyList, ApiKeyResource, ApiKeyRight, CreateApiKeyRequest, CreatedApiKeyResource, UpdateApiKeyRequest } from './api-keys.models';

const toResource = (k: identityV1.ApiKey): ApiKeyResource => ({
  apiKeyId: k.apiKeyId,
  name: k.name,
  rights: k.rights as ApiKeyRight[],
  subaccountId: orNull(k.subaccountId),
  expiresAt: orNull(k.expiresAt),
  status: k.status,
  prefix: k.prefix,
  createdAt: k.createdAt ?? '',
  revokedAt: orNull(k.revokedAt),
});

@Route('v1/api-keys')
@Tags('API keys')
@Security('bearer')
@Response<Problem>(400, 'Bad Request')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(404, 'Not Found')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class ApiKeysController extends GatewayController {
  /**
   * Creates a key (Admin or Manager). The key is in this response only; it is stored hashed.
   * @summary Create an API key
   */
  @Post()
  @SuccessResponse(201, 'Created')
  @OperationId('createApiKey')
  public async create(@Body() body: CreateApiKeyRequest, @Request() req: ExRequest): Promise<CreatedApiKeyResource> {
    const created = await this.deps.clients.identity.createApiKey(
      {
        name: body.name,
        rights: body.rights ?? [],
        rightsGiven: body.rights !== undefined,
        subaccountId: body.subaccountId ?? undefined,
        expiresAt: body.expiresAt ?? undefined,
      },
      { principal: principalOf(req) },
    );
    this.setStatus(201);
    return { ...toResource(created.apiKey!), key: created.key };
  }

  /** @summary List API keys */
  @Get()
  @OperationId('listApiKeys')
  public async listApiKeys(@Request() req: ExRequest): Promise<ApiKeyList> {
    const res = await this.deps.clients.identity.listApiKeys({}, { principal: principalOf(req) });
    return { items: res.items.map(toResource) };
  }

  /**
   * Renames a key or replaces its rights.
   * @summary Rename an API key or replace its rights
   */
  @Put('{apiKeyId}')
  @OperationId('updateApiKey')
  public async updateApiKey(@Path() apiKeyId: ResourceId, @Body() body: UpdateApiKeyRequest, @Request() req: ExRequest): Promise<ApiKeyResource> {
    const key = await this.deps.clients.identity.updateApiKey(
      { apiKeyId, name: body.name, rights: body.rights ?? [], rightsGiven: body.rights !== undefined },
      { principal: principalOf(req) },
    );
    return toResource(key);
  }

  /**
   * Revokes a key: it answers 401 API_KEY_REVOKED from then on. With
   * `purge=true` the key is deleted instead: it leaves the list, cannot be
   * changed, and answers 401 API_KEY_DELETED.
   * @summary Revoke an API key
   */
  @Delete('{apiKeyId}')
  @SuccessResponse(204, 'Revoked')
  @OperationId('revokeApiKey')
  public async revoke(@Path() apiKeyId: ResourceId, @Request() req: ExRequest, @Query() purge?: boolean): Promise<void> {
    await this.deps.clients.identity.revokeApiKey({ apiKeyId, purge: purge === true }, { principal: principalOf(req) });
    this.setStatus(204);
  }
}
