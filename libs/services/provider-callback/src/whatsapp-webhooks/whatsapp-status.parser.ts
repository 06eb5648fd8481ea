import { errorsAt, idAt, objectAt, textAt, timestampAt } from './webhook-fields';
import type { WhatsAppStatus } from './whatsapp-webhook.types';

const KNOWN = ['sent', 'delivered', 'read', 'failed'] as const;

/** One `statuses[]` item at `path`; a status name Meta may add later is kept as `other`. */
export function parseStatus(item: unknown, path: string): WhatsAppStatus {
  const status = objectAt(item, path);
  const common = {
    id: idAt(status.id, `${path}.id`),
    occurredAt: timestampAt(status.timestamp, `${path}.timestamp`),
    recipientId: idAt(status.recipient_id, `${path}.recipient_id`),
  };
  const name = textAt(status.status, `${path}.status`, 64);
  if (name === 'failed') return { ...common, status: 'failed', errors: errorsAt(status.errors, `${path}.errors`) };
  if ((KNOWN as readonly string[]).includes(name)) return { ...common, status: name as 'sent' | 'delivered' | 'read' };
  return { ...common, status: 'other', reported: name };
}
