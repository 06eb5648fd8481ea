import type { ChannelType, TemplateParameterValue } from '../messages/messages.models';

/**
 * A short answer a recipient may text back (spec 2.4). Keys and aliases are
 * 1 to 20 letters or digits, stored in upper case and unique across the
 * template; reserved words (STOP, START, HELP and the other opt-out, opt-in
 * and help words) are refused with `REPLY_OPTION_RESERVED_KEYWORD`, any other
 * bad option with `REPLY_OPTION_INVALID`.
 */
export interface ReplyOption {
  /**
   * 1 to 20 letters or digits, e.g. `C`.
   * @maxLength 20
   */
  key: string;
  /**
   * 1 to 64 characters: what the answer means, e.g. `Confirm`.
   * @maxLength 64
   */
  value: string;
  /**
   * Up to 5 other words that choose this option, each 1 to 20 letters or digits.
   * @maxItems 5
   */
  aliases?: ReplyOptionAlias[];
}

/**
 * Another word that chooses a reply option: 1 to 20 letters or digits (spec 2.4).
 * @maxLength 20
 */
export type ReplyOptionAlias = string;

/**
 * The reply options of an SMS template: at most 10.
 * @maxItems 10
 */
export type ReplyOptionList = ReplyOption[];

/**
 * The name of a template, 1 to 100 characters.
 * @maxLength 100
 */
export type TemplateName = string;

/**
 * The text with `{{placeholders}}` (letters, digits, `_`, `.` and `-`, starting with a letter or `_`), filled from
 * `templateParameters` at send time. At most as long as a message body of its channel.
 * @maxLength 200000
 */
export type BodyTemplate = string;

/**
 * An approved message template of the account's WhatsApp Business account, named as in WhatsApp
 * Manager. A WhatsApp message sent from a template linked to it goes out through Meta's Cloud API as
 * that template (the only kind of message Meta delivers outside the 24-hour customer service window):
 * the values of the template's `placeholders`, in order of first use in `bodyTemplate`, are its body
 * parameters `{{1}}`, `{{2}}`, ... The `bodyTemplate` stays the text the message shows, prices and
 * falls back with.
 * @example {
 *   "name": "appointment_reminder",
 *   "language": "en_US"
 * }
 */
export interface WhatsAppTemplateLink {
  /**
   * The approved template's name: 1 to 512 lowercase letters, digits or underscores (Meta's rule).
   * @maxLength 512
   * @example "appointment_reminder"
   */
  name: string;
  /**
   * The language code of the approved translation: a language (`en`) or a language and region (`en_US`, `pt_BR`).
   * @maxLength 6
   * @example "en_US"
   */
  language: string;
}

/** A new template. */
export interface CreateTemplateRequest {
  name: TemplateName;
  channelType: ChannelType;
  bodyTemplate: BodyTemplate;
  /** Only SMS templates may offer reply options. */
  replyOptions?: ReplyOptionList;
  /**
   * Only WhatsApp templates may be linked to an approved WhatsApp template (400 `VALIDATION_FAILED`
   * naming `whatsappTemplate` otherwise). Omitted or null: not linked; WhatsApp sends carry the text.
   */
  whatsappTemplate?: WhatsAppTemplateLink | null;
}

/**
 * Every field optional: an omitted field keeps its value. `replyOptions`
 * omitted keeps the options, `[]` removes them, a list replaces them.
 * `whatsappTemplate` omitted keeps the link, null removes it, a link replaces it.
 */
export interface UpdateTemplateRequest {
  name?: TemplateName;
  channelType?: ChannelType;
  bodyTemplate?: BodyTemplate;
  replyOptions?: ReplyOptionList;
  /**
   * Omit to keep the link, null to remove it, a link to set it. The result must be a WhatsApp template
   * to keep a link (changing `channelType` away from WhatsApp needs `whatsappTemplate: null` too).
   */
  whatsappTemplate?: WhatsAppTemplateLink | null;
}

/** The template (spec 2.4). */
export interface TemplateResource {
  templateId: string;
  accountId: string;
  name: string;
  channelType: ChannelType;
  bodyTemplate: string;
  /** Keys and aliases in upper case; empty when it offers none. */
  replyOptions: ReplyOption[];
  /** The placeholder names of `bodyTemplate`, in order of first use: the `templateParameters` a send must fill. */
  placeholders: string[];
  /**
   * The approved WhatsApp template a WhatsApp send from this template goes out as, its body parameters
   * the `placeholders`' values in this order; null when not linked. A message keeps the link and
   * values it was sent with.
   */
  whatsappTemplate: WhatsAppTemplateLink | null;
  createdAt: string;
  updatedAt: string;
}

/** The account's templates. */
export interface TemplateList {
  /** Newest first. */
  items: TemplateResource[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/** Placeholder values to fill a template with. */
export interface RenderTemplateRequest {
  /** A value for every placeholder, and nothing else. */
  templateParameters?: { [name: string]: TemplateParameterValue };
}

/** The text a send with these parameters would carry, segmented as carriers bill it. */
export interface RenderedTemplate {
  templateId: string;
  channelType: ChannelType;
  body: string;
  segmentCount: number;
  /** gsm7 or ucs2. */
  encoding: string;
  characterCount: number;
  charactersPerSegment: number;
}
