import type { messagingV1 } from '@mp/contracts';
import { scanPlaceholders } from './placeholder.rules';
import type { ReplyOption, StoredReplyOption, TemplateContent, TemplateRow, WhatsAppTemplateLink } from './template.types';

const iso = (value: Date | string) => new Date(value).toISOString();

/** Stored options as the wire's ReplyOption list (empty for none). */
export const toReplyOptions = (options: StoredReplyOption[] | null | undefined): ReplyOption[] =>
  (options ?? []).map(({ key, value, aliases }) => ({ key, value, aliases: [...(aliases ?? [])] }));

/** The stored link to an approved WhatsApp template; null when none. */
export const whatsappTemplateOf = (row: TemplateRow): WhatsAppTemplateLink | null =>
  row.whatsapp_template_name !== null && row.whatsapp_template_language !== null
    ? { name: row.whatsapp_template_name, language: row.whatsapp_template_language }
    : null;

/** The Template resource (spec 2.4), with its placeholder names in order of first use. */
export function toTemplate(row: TemplateRow): messagingV1.Template {
  return {
    templateId: row.template_id,
    accountId: row.account_id,
    name: row.name,
    channelType: row.channel_type,
    bodyTemplate: row.body_template,
    replyOptions: toReplyOptions(row.reply_options),
    placeholders: scanPlaceholders(row.body_template).names,
    whatsappTemplate: whatsappTemplateOf(row) ?? undefined,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** What a stored template says, in the form the field rules check and a repeated create compares. */
export function contentOf(row: TemplateRow): TemplateContent {
  return {
    name: row.name,
    channel: row.channel_type,
    bodyTemplate: row.body_template,
    replyOptions: toReplyOptions(row.reply_options),
    whatsappTemplate: whatsappTemplateOf(row),
  };
}

/** Same name, channel, body, options (in the same order) and WhatsApp link: a repeated create that changes nothing. */
export function sameContent(a: TemplateContent, b: TemplateContent): boolean {
  const options = (content: TemplateContent) => JSON.stringify(content.replyOptions.map((o) => [o.key, o.value, o.aliases]));
  const link = (content: TemplateContent) => JSON.stringify(content.whatsappTemplate && [content.whatsappTemplate.name, content.whatsappTemplate.language]);
  return a.name === b.name && a.channel === b.channel && a.bodyTemplate === b.bodyTemplate && options(a) === options(b) && link(a) === link(b);
}
