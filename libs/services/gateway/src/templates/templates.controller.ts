import type { Request as ExRequest } from 'express';
import { Body, Get, OperationId, Path, Post, Put, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import type { Cursor, QueryInteger, ResourceId } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import { toTemplateResource, toTemplateWrite } from './templates.mapper';
import type {
  CreateTemplateRequest,
  RenderedTemplate,
  RenderTemplateRequest,
  TemplateList,
  TemplateResource,
  UpdateTemplateRequest,
} from './templates.models';

/**
 * Templates (spec 2.4, 4.4) are managed by signed-in users: every route takes
 * a user token only, and an API key is refused (401 naming the Bearer
 * scheme). Sends from a template (`templateId`) work with either scheme.
 */
@Route('v1')
@Tags('Templates')
@Response<Problem>(
  400,
  'VALIDATION_FAILED naming each bad field (a `whatsappTemplate` on a template of another channel, or a name or language Meta would not accept, names `whatsappTemplate`); REPLY_OPTION_RESERVED_KEYWORD or REPLY_OPTION_INVALID with the reason in detail',
)
@Response<Problem>(401, 'Unauthorized (also an API key: templates take a user token)')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(404, 'Not Found: no such template in the account')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class TemplatesController extends GatewayController {
  /**
   * Creates a template in the signed-in user's account. A WhatsApp template
   * may name the approved WhatsApp template (`whatsappTemplate`) its sends go
   * out as through Meta's Cloud API, the placeholders' values as its body
   * parameters in order of first use.
   * @summary Create a template
   */
  @Post('templates')
  @Security('bearer')
  @SuccessResponse(201, 'Created')
  @OperationId('createTemplate')
  public async createTemplate(@Body() body: CreateTemplateRequest, @Request() req: ExRequest): Promise<TemplateResource> {
    const principal = principalOf(req);
    const written = await this.deps.clients.messaging.createTemplate(
      { accountId: principal.accountId, ...toTemplateWrite(body) },
      { principal },
    );
    this.setStatus(201);
    return toTemplateResource(written.template!);
  }

  /**
   * The account's templates, newest first.
   * @param pageSize 1 to 200, default 50
   * @param cursor the `nextCursor` of the previous page
   * @summary List templates
   */
  @Get('templates')
  @Security('bearer')
  @OperationId('listTemplates')
  public async listTemplates(@Request() req: ExRequest, @Query() pageSize?: QueryInteger, @Query() cursor?: Cursor): Promise<TemplateList> {
    const principal = principalOf(req);
    const page = await this.deps.clients.messaging.listTemplates({ accountId: principal.accountId, pageSize, cursor }, { principal });
    return { items: page.items.map(toTemplateResource), nextCursor: page.nextCursor ?? null };
  }

  /** @summary Get a template */
  @Get('templates/{templateId}')
  @Security('bearer')
  @OperationId('getTemplate')
  public async getTemplate(@Path() templateId: ResourceId, @Request() req: ExRequest): Promise<TemplateResource> {
    const principal = principalOf(req);
    return toTemplateResource(await this.deps.clients.messaging.getTemplate({ accountId: principal.accountId, templateId }, { principal }));
  }

  /**
   * Changes a template; omitted fields keep their value (`channelType` too).
   * `replyOptions`: omit to keep, `[]` to remove, a list to replace.
   * `whatsappTemplate`: omit to keep, null to remove, a link to replace.
   * Messages already sent keep the options and the WhatsApp template they
   * were sent with.
   * @summary Update a template
   */
  @Put('templates/{templateId}')
  @Security('bearer')
  @OperationId('updateTemplate')
  public async updateTemplate(
    @Path() templateId: ResourceId,
    @Body() body: UpdateTemplateRequest,
    @Request() req: ExRequest,
  ): Promise<TemplateResource> {
    const principal = principalOf(req);
    return toTemplateResource(
      await this.deps.clients.messaging.updateTemplate({ accountId: principal.accountId, templateId, ...toTemplateWrite(body) }, { principal }),
    );
  }

  /**
   * Creates a template under an id you choose (a UUID), so a retried create
   * is safe: the body is that of `POST /v1/templates`. 201 when created; 200
   * with the template when it already exists with the same content; 409
   * `CONFLICT` when it exists with other content (change it with PUT).
   * @summary Create a template under a chosen id
   */
  @Post('accounts/{accountId}/templates/{templateId}')
  @Security('bearer')
  @SuccessResponse(201, 'Created (200: the same template already existed)')
  @Response<TemplateResource>(200, 'The template already existed with the same content; nothing was changed')
  @Response<Problem>(409, 'CONFLICT: a template with this id exists with other content')
  @OperationId('createTemplateWithId')
  public async createTemplateWithId(
    @Path() accountId: ResourceId,
    @Path() templateId: ResourceId,
    @Body() body: CreateTemplateRequest,
    @Request() req: ExRequest,
  ): Promise<TemplateResource> {
    const written = await this.deps.clients.messaging.createTemplate(
      { accountId, templateId, ...toTemplateWrite(body) },
      { principal: principalOf(req) },
    );
    this.setStatus(written.created ? 201 : 200);
    return toTemplateResource(written.template!);
  }

  /**
   * The text a send with these `templateParameters` would carry, with its
   * encoding and segment count. Every placeholder must be given a value and
   * no other parameter may be sent (400 naming each).
   * @summary Render a template
   */
  @Post('accounts/{accountId}/templates/{templateId}/render')
  @Security('bearer')
  @OperationId('renderTemplate')
  public async renderTemplate(
    @Path() accountId: ResourceId,
    @Path() templateId: ResourceId,
    @Body() body: RenderTemplateRequest,
    @Request() req: ExRequest,
  ): Promise<RenderedTemplate> {
    const rendered = await this.deps.clients.messaging.renderTemplate(
      { accountId, templateId, templateParameters: body.templateParameters ?? {} },
      { principal: principalOf(req) },
    );
    return {
      templateId: rendered.templateId,
      channelType: rendered.channelType as RenderedTemplate['channelType'],
      body: rendered.body,
      segmentCount: rendered.segmentCount,
      encoding: rendered.encoding,
      characterCount: rendered.characterCount,
      charactersPerSegment: rendered.charactersPerSegment,
    };
  }
}
