import type { SmppConnection } from '@mp/carrier-connections';

/** A parsed smpp connection as parse-connections would give it (its defaults), to 127.0.0.1:`port`. */
export function smppConnection(port: number, overrides: Partial<SmppConnection> = {}): SmppConnection {
  return {
    name: 'smsc-test',
    protocol: 'smpp',
    channel: 'Sms',
    numbers: ['*'],
    priority: 1,
    host: '127.0.0.1',
    port,
    tls: false,
    systemId: 'mp-test',
    password: 'secret',
    systemType: '',
    binds: 1,
    throughputPerSecond: 1000,
    window: 10,
    enquireLinkSeconds: 30,
    responseTimeoutSeconds: 5,
    longMessages: 'udh',
    idFormat: 'as-is',
    destTon: 1,
    destNpi: 1,
    ...overrides,
  };
}
