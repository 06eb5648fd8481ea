import type { messagingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { FieldErrors } from '@mp/problems';
import type { Knex } from 'knex';
import { calculateSegments } from '../rules';
import { reachTemplates, templateOf } from './template-access';
import { fillTemplate } from './template-parameters.rules';

/**
 * POST /v1/accounts/{accountId}/templates/{templateId}/render: the text a
 * send with these parameters would carry, refused exactly as that send would
 * be (missing or unknown parameters, too long), with its segments as the
 * message would count them (one for WhatsApp and Email).
 */
export async function renderTemplate(
  db: Knex,
  principal: Principal,
  request: messagingV1.RenderTemplateRequest,
): Promise<messagingV1.RenderedTemplate> {
  reachTemplates(principal, request.accountId, 'read');
  const template = await templateOf(db, request.accountId, request.templateId);
  const errors = new FieldErrors();
  const body = fillTemplate({ bodyTemplate: template.body_template, channel: template.channel_type }, request.templateParameters ?? {}, errors);
  errors.throwIfAny();
  const segments = calculateSegments(body as string);
  return {
    templateId: template.template_id,
    channelType: template.channel_type,
    body: body as string,
    segmentCount: template.channel_type === 'Sms' ? segments.segmentCount : 1,
    encoding: segments.encoding,
    characterCount: segments.characterCount,
    charactersPerSegment: segments.charactersPerSegment,
  };
}
