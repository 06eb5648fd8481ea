import type { Logger } from '@mp/telemetry';

/** One line a minute per connection is enough to page on; every send would otherwise log it. */
const EVERY_MS = 60_000;

export interface Misconfiguration {
  status: number;
  code?: number;
  said: string;
}

/**
 * The error line an operator alerts on when Twilio refuses the connection
 * itself (20003 credentials, 21606 sender): messages wait, transient, until
 * the configuration is fixed. At most one line a minute, counting the
 * refusals it stood for.
 */
export class MisconfigurationAlarm {
  private lastAt: number | undefined;
  private unreported = 0;

  constructor(
    private readonly connection: string,
    private readonly logger: Logger | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  raise(misconfiguration: Misconfiguration): void {
    this.unreported += 1;
    const now = this.now();
    if (this.lastAt !== undefined && now - this.lastAt < EVERY_MS) return;
    this.logger?.error('Twilio refuses the connection: fix its configuration (messages wait and are retried)', {
      connection: this.connection,
      httpStatus: misconfiguration.status,
      twilioCode: misconfiguration.code ?? null,
      twilioSaid: misconfiguration.said,
      refusals: this.unreported,
    });
    this.lastAt = now;
    this.unreported = 0;
  }
}
