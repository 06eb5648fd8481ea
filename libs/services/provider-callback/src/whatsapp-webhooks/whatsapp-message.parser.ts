import { idAt, objectAt, textAt, timestampAt, type Json } from './webhook-fields';
import type { WhatsAppInteractiveReply, WhatsAppMessage } from './whatsapp-webhook.types';

// What WhatsApp lets a user type is bounded by the body limit; these bound the short fields.
const MAX_TEXT_LENGTH = 65_536;
const MAX_REPLY_FIELD_LENGTH = 1024;

/** One `messages[]` item at `path`. Types not read here are kept as `other` with the item as it came. */
export function parseMessage(item: unknown, path: string): WhatsAppMessage {
  const message = objectAt(item, path);
  const type = textAt(message.type, `${path}.type`, 64);
  const context = message.context === undefined || message.context === null ? undefined : objectAt(message.context, `${path}.context`);
  const common = {
    id: idAt(message.id, `${path}.id`),
    from: idAt(message.from, `${path}.from`),
    occurredAt: timestampAt(message.timestamp, `${path}.timestamp`),
    // A forwarded message has a context without an id: it quotes nothing of ours.
    ...(context?.id !== undefined ? { contextId: idAt(context.id, `${path}.context.id`) } : {}),
  };
  if (type === 'text') {
    const text = objectAt(message.text, `${path}.text`);
    return { ...common, type, text: textAt(text.body, `${path}.text.body`, MAX_TEXT_LENGTH) };
  }
  if (type === 'button') {
    const button = objectAt(message.button, `${path}.button`);
    return {
      ...common,
      type,
      button: { text: textAt(button.text, `${path}.button.text`, MAX_REPLY_FIELD_LENGTH), payload: textAt(button.payload, `${path}.button.payload`, MAX_REPLY_FIELD_LENGTH) },
    };
  }
  if (type === 'interactive') {
    const reply = interactiveReply(objectAt(message.interactive, `${path}.interactive`), `${path}.interactive`);
    if (reply) return { ...common, type, reply };
    return { ...common, type: 'other', reported: `interactive.${String((message.interactive as Json).type)}`, raw: message };
  }
  return { ...common, type: 'other', reported: type, raw: message };
}

/** A `button_reply` or `list_reply`; undefined for another interactive type (e.g. a flow's `nfm_reply`). */
function interactiveReply(interactive: Json, path: string): WhatsAppInteractiveReply | undefined {
  const kind = interactive.type;
  if (kind !== 'button_reply' && kind !== 'list_reply') {
    textAt(kind, `${path}.type`, 64);
    return undefined;
  }
  const reply = objectAt(interactive[kind], `${path}.${kind}`);
  const description = reply.description === undefined ? undefined : textAt(reply.description, `${path}.${kind}.description`, MAX_REPLY_FIELD_LENGTH);
  return {
    kind,
    id: textAt(reply.id, `${path}.${kind}.id`, MAX_REPLY_FIELD_LENGTH),
    title: textAt(reply.title, `${path}.${kind}.title`, MAX_REPLY_FIELD_LENGTH),
    ...(description !== undefined ? { description } : {}),
  };
}
