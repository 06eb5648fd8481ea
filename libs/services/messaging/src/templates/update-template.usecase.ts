import type { messagingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import type { TemplateDeps } from './create-template.usecase';
import { reachTemplates, templateOf } from './template-access';
import { contentForUpdate } from './template-fields.rules';
import { contentOf, toTemplate } from './template.mapper';
import { updateTemplate as writeTemplate } from './templates.repository';

/**
 * PUT /v1/templates/{templateId} (spec 4.4): the fields sent change, the
 * rest stay; the result is checked as a whole. Read and written under a row
 * lock, so two concurrent updates cannot each check half of the result.
 * Messages already sent keep the options and the WhatsApp template they were
 * sent with (spec 3.2).
 */
export async function updateTemplate(
  deps: TemplateDeps,
  principal: Principal,
  request: messagingV1.UpdateTemplateRequest,
): Promise<messagingV1.Template> {
  reachTemplates(principal, request.accountId, 'manage');
  return deps.db.transaction(async (trx) => {
    const current = await templateOf(trx, request.accountId, request.templateId, { forUpdate: true });
    const content = contentForUpdate(contentOf(current), request.fields, request.replyOptions, request.whatsappTemplate);
    const row = await writeTemplate(
      trx,
      { accountId: current.account_id, templateId: current.template_id },
      {
        name: content.name,
        channel_type: content.channel,
        body_template: content.bodyTemplate,
        reply_options: content.replyOptions,
        whatsapp_template_name: content.whatsappTemplate?.name ?? null,
        whatsapp_template_language: content.whatsappTemplate?.language ?? null,
        updated_at: deps.clock.now(),
      },
    );
    return toTemplate(row);
  });
}
