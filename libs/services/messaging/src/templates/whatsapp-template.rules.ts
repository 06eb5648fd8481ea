import type { messagingV1 } from '@mp/contracts';
import type { FieldErrors } from '@mp/problems';
import type { Channel } from '../rules';
import type { WhatsAppTemplateLink } from './template.types';

/** Meta's rule for a message template's name: lowercase letters, digits and underscores, at most 512. */
export const MAX_WHATSAPP_TEMPLATE_NAME_LENGTH = 512;
const NAME = /^[a-z0-9_]+$/;
/** Meta's language codes: a language (`en`, `fil`) or a language and region (`en_US`, `pt_BR`). */
const LANGUAGE = /^[a-z]{2,3}(_[A-Z]{2})?$/;

/**
 * The link a create or update asks for (spec 2.4 `whatsappTemplate`), checked
 * into `errors` (VALIDATION_FAILED naming `whatsappTemplate` or its field) and
 * returned as stored: null for none. `change` absent keeps `current`; present
 * without a link removes it. The link must stay on a WhatsApp template, so a
 * channel change with the link left on is refused too (the result is checked
 * as a whole, as reply options are). `channel` undefined: its own field was
 * wrong, already named.
 */
export function checkWhatsAppTemplate(
  errors: FieldErrors,
  channel: Channel | undefined,
  change: messagingV1.WhatsAppTemplateLinkChange | undefined,
  current: WhatsAppTemplateLink | null = null,
): WhatsAppTemplateLink | null {
  const given = change === undefined ? current : (change.link ?? null);
  if (given === null) return null;
  const name = given.name ?? '';
  const language = given.language ?? '';
  if (name === '') errors.add('whatsappTemplate.name', 'whatsappTemplate.name is required: the approved template’s name in WhatsApp Manager');
  else if (name.length > MAX_WHATSAPP_TEMPLATE_NAME_LENGTH || !NAME.test(name)) {
    errors.add(
      'whatsappTemplate.name',
      `whatsappTemplate.name must be 1 to ${MAX_WHATSAPP_TEMPLATE_NAME_LENGTH} lowercase letters, digits or underscores, as Meta names templates (e.g. order_update)`,
    );
  }
  if (!LANGUAGE.test(language)) {
    errors.add('whatsappTemplate.language', 'whatsappTemplate.language must be a Meta language code: a language (en) or a language and region (en_US)');
  }
  if (channel !== undefined && channel !== 'WhatsApp') {
    errors.add(
      'whatsappTemplate',
      `whatsappTemplate links only a WhatsApp template to Meta's; this is a ${channel} template. Leave whatsappTemplate out (PUT: send null to remove the link) or use channelType WhatsApp.`,
    );
  }
  return { name, language };
}

/**
 * The values a send's parameters give the linked template's body parameters:
 * one per placeholder, in order of first use in the body (Meta's {{1}}, {{2}}...).
 */
export const bodyParametersOf = (placeholders: readonly string[], parameters: Readonly<Record<string, string>>): string[] =>
  placeholders.map((name) => parameters[name] ?? '');
