import type { messagingV1 } from '@mp/contracts';
import type { Channel } from '../rules';

/** proto messaging/v1/reply_option.proto (its module is not re-exported by @mp/contracts). */
export type ReplyOption = messagingV1.Template['replyOptions'][number];

/** A reply option as stored (templates and a message's copy): key and aliases in upper case. */
export interface StoredReplyOption {
  key: string;
  value: string;
  aliases: string[];
}

/** An approved WhatsApp template as Meta names it (name and language code). */
export interface WhatsAppTemplateLink {
  name: string;
  language: string;
}

/** What a WhatsApp message from a linked template goes out as: the link, and the placeholders' values in order of first use. */
export interface WhatsAppTemplateSend extends WhatsAppTemplateLink {
  bodyParameters: string[];
}

/** Timestamps come back as Date from both pg and PGlite. */
export interface TemplateRow {
  account_id: string;
  template_id: string;
  name: string;
  channel_type: Channel;
  body_template: string;
  /** Null when the template offers none. */
  reply_options: StoredReplyOption[] | null;
  /** Both null when the template is not linked to a WhatsApp template. */
  whatsapp_template_name: string | null;
  whatsapp_template_language: string | null;
  created_at: Date;
  updated_at: Date;
}

/** What a template says, as checked by template-fields.rules: the part a repeated create compares. */
export interface TemplateContent {
  name: string;
  channel: Channel;
  bodyTemplate: string;
  /** Empty when none. */
  replyOptions: StoredReplyOption[];
  /** Null when none. */
  whatsappTemplate: WhatsAppTemplateLink | null;
}
