import { randomUUID } from 'node:crypto';
import type { Clock } from '@mp/clock';
import type { messagingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { isUuid } from '../messages/ids';
import { reachTemplates } from './template-access';
import { contentForCreate } from './template-fields.rules';
import { contentOf, sameContent, toTemplate } from './template.mapper';
import { findTemplate, insertTemplateIfAbsent } from './templates.repository';
import type { TemplateRow } from './template.types';

export interface TemplateDeps {
  db: Knex;
  clock: Clock;
}

/**
 * POST /v1/templates (a new id) and POST /v1/accounts/{accountId}/templates/{templateId}
 * (the client's own id, so a repeated create is safe): the same id with the
 * same content answers the template unchanged (created false); other content
 * is CONFLICT, and nothing is written. Nothing is stored on any refusal.
 */
export async function createTemplate(
  deps: TemplateDeps,
  principal: Principal,
  request: messagingV1.CreateTemplateRequest,
): Promise<messagingV1.TemplateWritten> {
  reachTemplates(principal, request.accountId, 'manage');
  const chosenId = request.templateId;
  if (chosenId !== undefined && !isUuid(chosenId)) {
    throw DomainError.validation({ templateId: ['templateId must be a UUID'] }, 'Invalid templateId.');
  }
  const content = contentForCreate(request.fields, request.replyOptions, request.whatsappTemplate);
  const now = deps.clock.now();
  const row: TemplateRow = {
    account_id: request.accountId,
    template_id: (chosenId ?? randomUUID()).toLowerCase(),
    name: content.name,
    channel_type: content.channel,
    body_template: content.bodyTemplate,
    reply_options: content.replyOptions,
    whatsapp_template_name: content.whatsappTemplate?.name ?? null,
    whatsapp_template_language: content.whatsappTemplate?.language ?? null,
    created_at: now,
    updated_at: now,
  };
  const key = { accountId: row.account_id, templateId: row.template_id };
  // The insert settles a race between two creates with one id: one inserts, the other compares.
  if (await insertTemplateIfAbsent(deps.db, row)) {
    return { template: toTemplate((await findTemplate(deps.db, key)) as TemplateRow), created: true };
  }
  const existing = await findTemplate(deps.db, key);
  if (!existing) throw new Error(`template ${row.template_id} was neither inserted nor found`);
  if (!sameContent(contentOf(existing), content)) {
    throw new DomainError(
      'CONFLICT',
      `Template ${row.template_id} already exists with other content; use PUT /v1/templates/{templateId} to change it.`,
    );
  }
  return { template: toTemplate(existing), created: false };
}
