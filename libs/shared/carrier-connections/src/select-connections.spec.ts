import { tmpdir } from 'node:os';
import type { SmppConnection } from './carrier-connection';
import { parseCarrierConnections } from './parse-connections';
import { connectionsFor, sourceAddressing } from './select-connections';

const smpp = (name: string, priority: number, numbers: string[]) => ({
  name,
  protocol: 'smpp',
  channel: 'Sms',
  numbers,
  priority,
  host: 'smsc.test',
  port: 2775,
  systemId: name.slice(0, 15),
  password: 'pw',
});
const http = (name: string, priority: number, numbers: string[]) => ({
  name,
  protocol: 'http',
  channel: 'Sms',
  numbers,
  priority,
  baseUrl: 'https://carrier.test',
  callbackSecret: 's',
});
const whatsappCloud = (name: string, priority: number, numbers: string[]) => ({
  name,
  protocol: 'whatsapp-cloud',
  channel: 'WhatsApp',
  numbers,
  priority,
  phoneNumberId: '106540352242922',
  accessToken: 't',
  appSecret: 's',
  verifyToken: 'v',
});
const parse = (list: unknown[]) => parseCarrierConnections(list, 'CARRIER_CONNECTIONS', { env: {}, baseDir: tmpdir() });
const names = (list: readonly { name: string }[]) => list.map((c) => c.name);

describe('connectionsFor', () => {
  const connections = parse([
    smpp('any', 1, ['*']),
    smpp('us-prefix', 1, ['+1*']),
    smpp('sf-prefix', 1, ['+1415*']),
    smpp('exact', 1, ['+14155550100', '+14155550199']),
    smpp('backup-exact', 2, ['+14155550100']),
    smpp('cheap-any', 0, ['*']),
    smpp('any-again', 1, ['*']),
    whatsappCloud('whatsapp', 0, ['*']),
    http('sms-api', 1, ['+44*']),
  ]);

  it('orders by priority, then exact number over longer prefix over shorter prefix over *, then configuration order', () => {
    expect(names(connectionsFor(connections, 'Sms', '+14155550100'))).toEqual(['cheap-any', 'exact', 'sf-prefix', 'us-prefix', 'any', 'any-again', 'backup-exact']);
  });

  it('leaves out connections whose numbers do not match the sender', () => {
    expect(names(connectionsFor(connections, 'Sms', '+12125550100'))).toEqual(['cheap-any', 'us-prefix', 'any', 'any-again']);
    expect(names(connectionsFor(connections, 'Sms', '+447700900123'))).toEqual(['cheap-any', 'sms-api', 'any', 'any-again']);
  });

  it('keeps to the channel; a channel without connections has none', () => {
    expect(names(connectionsFor(connections, 'WhatsApp', '+14155550100'))).toEqual(['whatsapp']);
    expect(connectionsFor(connections, 'Email', 'hello@example.com')).toEqual([]);
  });

  it('matches an alphanumeric sender only with *', () => {
    expect(names(connectionsFor(connections, 'Sms', 'ACME'))).toEqual(['cheap-any', 'any', 'any-again']);
  });
});

describe('sourceAddressing', () => {
  const [unset, configured] = parse([smpp('unset', 1, ['*']), { ...smpp('configured', 1, ['*']), sourceTon: 0, sourceNpi: 9 }]) as SmppConnection[];

  it('when unset, E.164 senders are international/ISDN (1/1) and alphanumeric ones 5/0', () => {
    expect(sourceAddressing(unset, '+14155550100')).toEqual({ ton: 1, npi: 1 });
    expect(sourceAddressing(unset, 'ACME')).toEqual({ ton: 5, npi: 0 });
  });

  it('the configured values win', () => {
    expect(sourceAddressing(configured, 'ACME')).toEqual({ ton: 0, npi: 9 });
  });
});
