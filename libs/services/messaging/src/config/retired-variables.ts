import type { Field } from '@mp/config';

/**
 * A variable that no longer configures anything: set, start-up fails naming
 * what replaced it, rather than ignoring it and leaving a channel unsent.
 */
const retired = (replacement: string): Field<undefined> => ({
  description: `retired: ${replacement}`,
  secret: false,
  optional: true,
  parse(raw) {
    if (raw === undefined || raw.trim() === '') return undefined;
    // The value is not repeated: it may carry credentials.
    throw new Error(`is retired: ${replacement}`);
  },
});

/** Messaging's retired variables (issue 29 point 6: WhatsApp goes over Meta's Cloud API only). */
export const retiredMessagingVariables = {
  WHATSAPP_API_URL: retired('configure a whatsapp-cloud connection (README)'),
};
