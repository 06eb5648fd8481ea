import type { CarrierSimulatorConfig } from '../carrier-simulator.config';

/**
 * What an ESME binds to the sandbox SMSC with unless SMSC_SYSTEM_ID / SMSC_PASSWORD
 * say otherwise (SMPP 3.4 limits: system_id 15, password 8 characters). Sandbox
 * only: the simulator is never a real carrier.
 */
export const SANDBOX_SMSC_CREDENTIALS = { systemId: 'sandbox', password: 'sandbox' } as const;

/** The system_id the SMSC names itself with in bind responses. */
export const SMSC_NAME = 'MPSIM';

export interface SmscSettings {
  enabled: boolean;
  host: string;
  /** 0 = any free port. */
  port: number;
  systemId: string;
  password: string;
}

/** The SMSC's settings from the module's config, defaults for what a hand-built config leaves out. */
export function smscSettingsOf(config: CarrierSimulatorConfig): SmscSettings {
  return {
    enabled: config.SMSC_ENABLED ?? true,
    host: config.SMSC_HOST ?? '127.0.0.1',
    port: config.SMSC_PORT ?? 0,
    systemId: config.SMSC_SYSTEM_ID ?? SANDBOX_SMSC_CREDENTIALS.systemId,
    password: config.SMSC_PASSWORD ?? SANDBOX_SMSC_CREDENTIALS.password,
  };
}
