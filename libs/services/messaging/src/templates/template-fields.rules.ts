import type { messagingV1 } from '@mp/contracts';
import { FieldErrors } from '@mp/problems';
import { CHANNELS, type Channel } from '../rules';
import { characterLength, MAX_BODY_LENGTH } from '../submission/submission-limits';
import { scanPlaceholders } from './placeholder.rules';
import { checkReplyOptions } from './reply-option.rules';
import type { TemplateContent } from './template.types';
import { checkWhatsAppTemplate } from './whatsapp-template.rules';

export const MAX_TEMPLATE_NAME_LENGTH = 100;

const isChannel = (value: string): value is Channel => (CHANNELS as readonly string[]).includes(value);
const blank = (value: string | undefined) => value === undefined || value.trim() === '';

function checkName(errors: FieldErrors, name: string): string {
  const trimmed = name.trim();
  const length = characterLength(trimmed);
  if (length === 0) errors.add('name', 'name must not be blank');
  else if (length > MAX_TEMPLATE_NAME_LENGTH) errors.add('name', `name must be at most ${MAX_TEMPLATE_NAME_LENGTH} characters (got ${length})`);
  return trimmed;
}

function checkChannel(errors: FieldErrors, channelType: string): Channel | undefined {
  if (isChannel(channelType)) return channelType;
  errors.add('channelType', `channelType must be one of ${CHANNELS.join(', ')}`);
  return undefined;
}

/** The body against its channel's limit and the placeholder grammar; the channel is unknown when its own field was wrong. */
function checkBody(errors: FieldErrors, body: string, channel: Channel | undefined): void {
  if (blank(body)) {
    errors.add('bodyTemplate', 'bodyTemplate must not be blank');
    return;
  }
  if (channel !== undefined) {
    const max = MAX_BODY_LENGTH[channel];
    const length = characterLength(body);
    if (length > max) errors.add('bodyTemplate', `bodyTemplate must be at most ${max} characters for ${channel} (got ${length})`);
  }
  for (const problem of scanPlaceholders(body).problems) errors.add('bodyTemplate', `bodyTemplate: ${problem}`);
}

/**
 * POST /v1/templates and the account-scoped create (spec 2.4, 4.4): name,
 * channelType and bodyTemplate required, whatsappTemplate optional. Every
 * field error at once as VALIDATION_FAILED, then the reply option rules
 * (REPLY_OPTION_*).
 */
export function contentForCreate(
  fields: messagingV1.TemplateFields | undefined,
  options: messagingV1.ReplyOptionList | undefined,
  whatsapp?: messagingV1.WhatsAppTemplateLinkChange,
): TemplateContent {
  const errors = new FieldErrors();
  const given = fields ?? {};
  if (blank(given.name)) errors.add('name', 'name is required');
  if (blank(given.channelType)) errors.add('channelType', `channelType is required: one of ${CHANNELS.join(', ')}`);
  if (blank(given.bodyTemplate)) errors.add('bodyTemplate', 'bodyTemplate is required');
  const name = blank(given.name) ? '' : checkName(errors, given.name as string);
  const channel = blank(given.channelType) ? undefined : checkChannel(errors, given.channelType as string);
  const bodyTemplate = given.bodyTemplate ?? '';
  if (!blank(bodyTemplate)) checkBody(errors, bodyTemplate, channel);
  const whatsappTemplate = checkWhatsAppTemplate(errors, channel, whatsapp);
  errors.throwIfAny();
  const replyOptions = checkReplyOptions(channel as Channel, options?.items ?? []);
  return { name, channel: channel as Channel, bodyTemplate, replyOptions, whatsappTemplate };
}

/**
 * PUT /v1/templates/{templateId} (spec 4.4): every field optional. An omitted
 * channelType keeps the channel; omitted replyOptions keep them, an empty
 * list removes them, a list replaces them; an omitted whatsappTemplate keeps
 * the link, null removes it. The result is checked as a whole (a body too
 * long for the new channel, options or a WhatsApp link left on a template of
 * another channel).
 */
export function contentForUpdate(
  current: TemplateContent,
  fields: messagingV1.TemplateFields | undefined,
  options: messagingV1.ReplyOptionList | undefined,
  whatsapp?: messagingV1.WhatsAppTemplateLinkChange,
): TemplateContent {
  const errors = new FieldErrors();
  const given = fields ?? {};
  const name = given.name === undefined ? current.name : checkName(errors, given.name);
  const channel = given.channelType === undefined ? current.channel : checkChannel(errors, given.channelType);
  const bodyTemplate = given.bodyTemplate ?? current.bodyTemplate;
  checkBody(errors, bodyTemplate, channel);
  const whatsappTemplate = checkWhatsAppTemplate(errors, channel, whatsapp, current.whatsappTemplate);
  errors.throwIfAny();
  const replyOptions = options === undefined ? current.replyOptions : options.items ?? [];
  return {
    name,
    channel: channel as Channel,
    bodyTemplate,
    replyOptions: checkReplyOptions(channel as Channel, replyOptions),
    whatsappTemplate,
  };
}
