import type { ConfigOf, ConfigSchema } from '@mp/config';

/** Environment the 10DLC service reads besides the host's (none yet). */
export const tenDlcConfigSchema = {} satisfies ConfigSchema;
export type TenDlcConfig = ConfigOf<typeof tenDlcConfigSchema>;
