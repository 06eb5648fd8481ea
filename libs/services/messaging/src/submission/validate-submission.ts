import type { messagingV1 } from '@mp/contracts';
import { DomainError, FieldErrors } from '@mp/problems';
import { CHANNELS, normalizeClientReference, type Channel } from '../rules';
import { isUuid } from '../messages/ids';
import type { MessageType, Priority } from '../messages/message.types';
import { present, readRecipient } from './recipient';
import { checkSchedule } from './schedule';
import {
  characterLength,
  MAX_ACTOR_LENGTH,
  MAX_BODY_LENGTH,
  MAX_EXTERNAL_ID_LENGTH,
  MESSAGE_TYPES,
  PRIORITIES,
} from './submission-limits';
import { parseUtcTimestamp } from './utc-timestamp';
import { fillTemplate } from '../templates/template-parameters.rules';
import { whatsappTemplateOf } from '../templates/template.mapper';
import type { StoredReplyOption, TemplateRow, WhatsAppTemplateSend } from '../templates/template.types';
import { bodyParametersOf } from '../templates/whatsapp-template.rules';
import { scanPlaceholders } from '../templates/placeholder.rules';

export interface ValidSubmission {
  channel: Channel;
  destination: string;
  body: string | null;
  messageType: MessageType;
  priority: Priority;
  actor: string | null;
  clientReference: string | null;
  externalId: string | null;
  sendAt: Date | null;
  expiresAt: Date | null;
  /** Set when sent from a template: body is then its rendered text. */
  template: SentTemplate | null;
}

export interface SentTemplate {
  templateId: string;
  parameters: Record<string, string>;
  /** A copy of the template's options (empty for none): the message keeps them whatever happens to the template. */
  replyOptions: StoredReplyOption[];
  /** The approved WhatsApp template it goes out as, with its body parameters: null when the template links none. */
  whatsapp: WhatsAppTemplateSend | null;
}

/** A linked template's Meta name and language, and the send's values for its placeholders in order of first use. */
function whatsappSendOf(template: TemplateRow, parameters: Record<string, string>): WhatsAppTemplateSend | null {
  const link = whatsappTemplateOf(template);
  if (!link) return null;
  return { ...link, bodyParameters: bodyParametersOf(scanPlaceholders(template.body_template).names, parameters) };
}

function oneOf<T extends string>(
  errors: FieldErrors,
  field: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T | undefined {
  const given = present(value);
  if (given === undefined) return fallback;
  if ((allowed as readonly string[]).includes(given)) return given as T;
  errors.add(field, `${field} must be one of ${allowed.join(', ')}`);
  return undefined;
}

function timestamp(errors: FieldErrors, field: string, value: string | undefined): Date | null {
  const given = present(value);
  if (given === undefined) return null;
  const parsed = parseUtcTimestamp(given);
  if (!parsed) errors.add(field, `${field} must be a UTC ISO-8601 timestamp ending in Z (e.g. 2026-01-31T09:00:00Z)`);
  return parsed ?? null;
}

function bodyOf(errors: FieldErrors, request: messagingV1.SendMessageRequest, channel: Channel | undefined): string | null {
  const body = present(request.body);
  if (present(request.templateId) !== undefined) {
    // One source of text: a body beside a template would be silently dropped or would contradict it.
    if (body !== undefined) errors.add('body', 'body must be left out when templateId is given: the text comes from the template');
    return null;
  }
  if (body === undefined) {
    errors.add('body', 'body is required unless templateId is given');
    return null;
  }
  if (channel !== undefined) {
    const max = MAX_BODY_LENGTH[channel];
    const length = characterLength(body);
    if (length > max) errors.add('body', `body must be at most ${max} characters for ${channel} (got ${length})`);
  }
  return body;
}

/** The template's text with the parameters filled, when the send is on the template's own channel. */
function renderedBody(errors: FieldErrors, request: messagingV1.SendMessageRequest, template: TemplateRow, channel: Channel | undefined): string | null {
  const parameters = request.templateParameters ?? {};
  // On another channel the send is refused as a whole (422, below); its parameters do not matter then.
  if (channel !== template.channel_type) return null;
  return fillTemplate({ bodyTemplate: template.body_template, channel }, parameters, errors) ?? null;
}

/**
 * Checks a submission (spec 2.1, DECISIONS "Messages") against the clock:
 * every field error at once as VALIDATION_FAILED, then the scheduling codes,
 * then a template that is not there (NOT_FOUND), then what the business
 * refuses (422). `template` is the account's template the request's
 * templateId names, as the caller found it (undefined: none found). Pure:
 * nothing is read or stored.
 */
export function validateSubmission(
  request: messagingV1.SendMessageRequest,
  now: Date,
  template?: TemplateRow,
  policyChannel?: string,
): ValidSubmission {
  const errors = new FieldErrors();
  // Left out: the template's own channel, else the subaccount's enabled routing policy's (DECISIONS Messages), else Sms.
  const channel = oneOf<Channel>(errors, 'channelType', request.channelType, CHANNELS, (template?.channel_type ?? policyChannel ?? 'Sms') as Channel);
  const destination = readRecipient(request, channel, errors);
  let body = bodyOf(errors, request, channel);
  const messageType = oneOf<MessageType>(errors, 'messageType', request.messageType, MESSAGE_TYPES, 'Transactional');
  const priority = oneOf<Priority>(errors, 'priority', request.priority, PRIORITIES, 'Normal');

  const reference = normalizeClientReference(request.clientReference);
  if (!reference.ok) errors.add('clientReference', reference.reason);
  const externalId = present(request.externalId) ?? null;
  if (externalId !== null && characterLength(externalId) > MAX_EXTERNAL_ID_LENGTH) {
    errors.add('externalId', `externalId must be at most ${MAX_EXTERNAL_ID_LENGTH} characters`);
  }
  const actor = present(request.actor) ?? null;
  if (actor !== null && characterLength(actor) > MAX_ACTOR_LENGTH) {
    errors.add('actor', `actor must be at most ${MAX_ACTOR_LENGTH} characters`);
  }
  const templateId = present(request.templateId);
  if (templateId !== undefined && !isUuid(templateId)) errors.add('templateId', 'templateId must be a UUID');
  // Parameters fill a template's placeholders (DECISIONS "Messages"); without one they would be silently dropped.
  if (templateId === undefined && Object.keys(request.templateParameters ?? {}).length > 0) {
    errors.add('templateParameters', 'templateParameters are only used with templateId');
  }
  if (template && templateId !== undefined && isUuid(templateId)) body = renderedBody(errors, request, template, channel);
  // On the account route the subaccount comes from the body (the route's own id is checked as access).
  const subaccountId = present(request.subaccountId);
  if (!request.subaccountRoute && subaccountId !== undefined && !isUuid(subaccountId)) {
    errors.add('subaccountId', 'subaccountId must be a UUID');
  }
  const inReplyTo = present(request.inReplyToInboundMessageId);
  if (inReplyTo !== undefined && !isUuid(inReplyTo)) errors.add('inReplyToInboundMessageId', 'inReplyToInboundMessageId must be a UUID');
  const sendAt = timestamp(errors, 'sendAt', request.sendAt);
  const expiresAt = timestamp(errors, 'expiresAt', request.expiresAt);
  errors.throwIfAny();

  checkSchedule(sendAt, expiresAt, now);
  if (templateId !== undefined && !template) throw DomainError.notFound('Template');
  if (template && template.channel_type !== channel) {
    throw new DomainError(
      'INVALID_OPERATION',
      `Template ${template.template_id} is a ${template.channel_type} template; it cannot be sent as ${channel as Channel}. Send it with channelType ${template.channel_type}, or leave channelType out.`,
    );
  }
  return {
    channel: channel as Channel,
    destination: destination as string,
    body,
    messageType: messageType as MessageType,
    priority: priority as Priority,
    actor,
    clientReference: reference.ok ? reference.value : null,
    externalId,
    sendAt,
    expiresAt,
    template: template
      ? {
          templateId: template.template_id,
          parameters: { ...(request.templateParameters ?? {}) },
          replyOptions: (template.reply_options ?? []).map((o) => ({ key: o.key, value: o.value, aliases: [...o.aliases] })),
          whatsapp: whatsappSendOf(template, request.templateParameters ?? {}),
        }
      : null,
  };
}
