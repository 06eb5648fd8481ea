import type { CarrierSubmission } from '../carrier.port';

/** The JSON body of Meta's `sendMessage` (CARRIERS.md 2.1; the v23.0 document's `TextMessage` and `TemplateMessage`). */
export type CloudMessageBody = {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  to: string;
  context?: { message_id: string };
} & (
  | { type: 'text'; text: { body: string; preview_url: false } }
  | {
      type: 'template';
      template: {
        name: string;
        language: { code: string; policy: 'deterministic' };
        components?: Array<{ type: 'body'; parameters: Array<{ type: 'text'; text: string }> }>;
      };
    }
);

/**
 * What Meta is asked to send for a submission: its template when it names one
 * (the only message Meta delivers outside the 24-hour window), its text
 * otherwise, quoting the inbound message it answers. `to` is the E.164 number's
 * digits (Meta's `wa_id` form). Links are not previewed: a preview is Meta
 * fetching a URL the sender did not ask it to.
 */
export function messageBody(submission: CarrierSubmission): CloudMessageBody {
  const base = {
    messaging_product: 'whatsapp' as const,
    recipient_type: 'individual' as const,
    to: submission.to.replace(/\D/g, ''),
    ...(submission.quotes ? { context: { message_id: submission.quotes } } : {}),
  };
  const template = submission.template;
  if (!template) return { ...base, type: 'text', text: { body: submission.body, preview_url: false } };
  const parameters = template.bodyParameters.map((text) => ({ type: 'text' as const, text }));
  return {
    ...base,
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language, policy: 'deterministic' },
      // A template without placeholders is sent without components, as in Meta's own examples.
      ...(parameters.length > 0 ? { components: [{ type: 'body' as const, parameters }] } : {}),
    },
  };
}
