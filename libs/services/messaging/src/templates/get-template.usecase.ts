import type { messagingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import type { Knex } from 'knex';
import { reachTemplates, templateOf } from './template-access';
import { toTemplate } from './template.mapper';

/** GET /v1/templates/{templateId}. */
export async function getTemplate(db: Knex, principal: Principal, request: messagingV1.GetTemplateRequest): Promise<messagingV1.Template> {
  reachTemplates(principal, request.accountId, 'read');
  return toTemplate(await templateOf(db, request.accountId, request.templateId));
}
