export interface CarrierSimulatorUrls {
  /** Base URL of the simulated carrier API (CARRIER_API_URL of messaging). */
  httpUrl: string;
  /** `smtp://host:port` of the sandbox mailbox (SMTP_URL of identity and messaging). */
  smtpUrl: string;
  /** `smpp://host:port` of the sandbox SMSC (SMSC_PORT); absent when SMSC_ENABLED is false. */
  smppUrl?: string;
}

/**
 * Where the simulator really listens. Its ports default to 0 (any free port),
 * so the addresses exist only once it has started: the composer creates one of
 * these, passes it in the config as `endpoints`, and reads it after the host
 * started to configure the services that send to the carrier or by mail.
 */
export class CarrierSimulatorEndpoints {
  private urls?: CarrierSimulatorUrls;

  get isListening(): boolean {
    return this.urls !== undefined;
  }

  get httpUrl(): string {
    return this.current().httpUrl;
  }

  get smtpUrl(): string {
    return this.current().smtpUrl;
  }

  /** Where an ESME binds to the sandbox SMSC, or undefined when it does not run. */
  get smsc(): { host: string; port: number } | undefined {
    const url = this.current().smppUrl;
    if (!url) return undefined;
    const { hostname, port } = new URL(url);
    return { host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) };
  }

  /** Called by the module once both servers are bound, and with `undefined` when they stop. */
  publish(urls: CarrierSimulatorUrls | undefined): void {
    this.urls = urls;
  }

  private current(): CarrierSimulatorUrls {
    if (!this.urls) throw new Error('the carrier simulator is not listening (start its host first)');
    return this.urls;
  }
}

/** A URL clients can dial: a wildcard bind address is reached over loopback. */
export function dialableHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
