/** Meta's limit on a text message's body. */
export const MAX_TEXT_BODY_LENGTH = 4096;

/** A send the fake takes: the recipient as E.164 and as Meta echoes it, and what it records as the body. */
export interface CloudSend {
  /** `to` as the request gave it (the answer's `contacts[0].input`). */
  input: string;
  /** `+` and the digits: how the sandbox knows numbers (behaviours, listing). */
  to: string;
  /** The text, or the template as `[template name language] param | param`. */
  body: string;
}

export type CloudSendCheck = { ok: true; send: CloudSend } | { ok: false; details: string };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Checks a `sendMessage` body the way Meta refuses one (code 100, the
 * parameter named): `messaging_product` "whatsapp", a `to` that is a phone
 * number, and a text (`text.body`) or template (`template.name`,
 * `template.language.code`) message. Other message types (media,
 * interactive...) are refused as unsupported: the platform sends neither.
 */
export function checkCloudSend(body: unknown): CloudSendCheck {
  if (!isObject(body)) return refuse('The request body must be a JSON object.');
  if (body.messaging_product !== 'whatsapp') return refuse('The parameter messaging_product is required and must be "whatsapp".');
  if (body.recipient_type !== undefined && body.recipient_type !== 'individual') return refuse('Param recipient_type must be "individual".');
  if (!isText(body.to)) return refuse('The parameter to is required.');
  const digits = body.to.replace(/[\s()+-]/g, '');
  if (!/^[1-9][0-9]{5,14}$/.test(digits)) return refuse('Param to must be a phone number.');
  if (body.context !== undefined && !(isObject(body.context) && isText(body.context.message_id))) return refuse("Param context['message_id'] must be a message id.");
  const type = body.type ?? 'text';
  const send = (text: string): CloudSendCheck => ({ ok: true, send: { input: body.to as string, to: `+${digits}`, body: text } });
  if (type === 'text') {
    const text = isObject(body.text) ? body.text.body : undefined;
    if (!isText(text)) return refuse("The parameter text['body'] is required.");
    if ([...text].length > MAX_TEXT_BODY_LENGTH) return refuse(`Param text['body'] must be at most ${MAX_TEXT_BODY_LENGTH} characters long.`);
    return send(text);
  }
  if (type === 'template') {
    const template = body.template;
    if (!isObject(template) || !isText(template.name)) return refuse("The parameter template['name'] is required.");
    const language = template.language;
    if (!isObject(language) || !isText(language.code)) return refuse("The parameter template['language']['code'] is required.");
    return send(`[template ${template.name} ${language.code}]${templateParameters(template.components)}`);
  }
  return refuse(`Param type must be text or template in the sandbox (got ${typeof type === 'string' ? type.slice(0, 32) : typeof type}).`);
}

/** The body parameters' texts, in order, for the record of a template send. */
function templateParameters(components: unknown): string {
  if (!Array.isArray(components)) return '';
  const texts = components
    .filter((c): c is Json => isObject(c) && c.type === 'body' && Array.isArray(c.parameters))
    .flatMap((c) => (c.parameters as unknown[]).map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : '')));
  return texts.length > 0 ? ` ${texts.join(' | ')}` : '';
}

const refuse = (details: string): CloudSendCheck => ({ ok: false, details });
