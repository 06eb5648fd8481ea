import type { messagingV1 } from '@mp/contracts';
import type { CreateTemplateRequest, ReplyOption, TemplateResource, UpdateTemplateRequest } from './templates.models';

type ReplyOptionMessage = messagingV1.Template['replyOptions'][number];

export const toReplyOptions = (options: ReplyOptionMessage[]): ReplyOption[] =>
  options.map((o) => ({ key: o.key, value: o.value, aliases: o.aliases }));

export function toTemplateResource(t: messagingV1.Template): TemplateResource {
  return {
    templateId: t.templateId,
    accountId: t.accountId,
    name: t.name,
    channelType: t.channelType as TemplateResource['channelType'],
    bodyTemplate: t.bodyTemplate,
    replyOptions: toReplyOptions(t.replyOptions),
    placeholders: t.placeholders,
    whatsappTemplate: t.whatsappTemplate ? { name: t.whatsappTemplate.name, language: t.whatsappTemplate.language } : null,
    createdAt: t.createdAt ?? '',
    updatedAt: t.updatedAt ?? '',
  };
}

/**
 * The fields as the client wrote them; an omitted `replyOptions` stays absent (keep), `[]` is sent
 * (remove); an omitted `whatsappTemplate` stays absent (keep), null is sent as a change without a link (remove).
 */
export function toTemplateWrite(body: CreateTemplateRequest | UpdateTemplateRequest) {
  return {
    fields: { name: body.name, channelType: body.channelType, bodyTemplate: body.bodyTemplate },
    replyOptions:
      body.replyOptions === undefined
        ? undefined
        : { items: body.replyOptions.map((o) => ({ key: o.key, value: o.value, aliases: o.aliases ?? [] })) },
    whatsappTemplate:
      body.whatsappTemplate === undefined
        ? undefined
        : { link: body.whatsappTemplate === null ? undefined : { name: body.whatsappTemplate.name, language: body.whatsappTemplate.language } },
  };
}
