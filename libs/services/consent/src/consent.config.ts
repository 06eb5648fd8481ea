import type { ConfigOf, ConfigSchema } from '@mp/config';

/** Environment the consent service reads besides the host's (none yet). */
export const consentConfigSchema = {} satisfies ConfigSchema;
export type ConsentConfig = ConfigOf<typeof consentConfigSchema>;
