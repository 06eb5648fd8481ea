import type { ConfigOf, ConfigSchema } from '@mp/config';

/** Environment the replies service reads besides the host's (none yet). */
export const repliesConfigSchema = {} satisfies ConfigSchema;
export type RepliesConfig = ConfigOf<typeof repliesConfigSchema>;
