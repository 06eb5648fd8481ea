import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { ConfigError } from '@mp/config';
import { parseCarrierConnections } from './parse-connections';

const PASSWORD = 'pw5ecr3t';
const smpp = (fields: Record<string, unknown> = {}) => ({
  name: 'acme-smsc',
  protocol: 'smpp',
  channel: 'Sms',
  numbers: ['+14155550100'],
  priority: 1,
  host: 'smsc.acme.test',
  port: 2775,
  systemId: 'platform',
  password: PASSWORD,
  ...fields,
});
const http = (fields: Record<string, unknown> = {}) => ({
  name: 'own-api',
  protocol: 'http',
  channel: 'Sms',
  numbers: ['*'],
  priority: 2,
  baseUrl: 'https://carrier.test/',
  apiKey: 'key-123',
  callbackSecret: 'cb-secret',
  ...fields,
});
const META_TOKEN = 'EAAGm0PX4ZCpsBA-token';
const whatsapp = (fields: Record<string, unknown> = {}) => ({
  name: 'meta-cloud',
  protocol: 'whatsapp-cloud',
  channel: 'WhatsApp',
  numbers: ['+15551234567'],
  priority: 1,
  phoneNumberId: '106540352242922',
  accessToken: META_TOKEN,
  appSecret: 'app-secret',
  verifyToken: 'verify-me',
  ...fields,
});
const AUTH_TOKEN = 'twilio-auth-token-0123';
const twilio = (fields: Record<string, unknown> = {}) => ({
  name: 'twilio-us',
  protocol: 'twilio',
  channel: 'Sms',
  numbers: ['+1*'],
  priority: 2,
  accountSid: `AC${'a1'.repeat(16)}`,
  authToken: AUTH_TOKEN,
  publicBaseUrl: 'https://messaging.example.com/',
  ...fields,
});
const sources = { env: {}, baseDir: tmpdir() };

function problemsOf(value: unknown, env: Record<string, string> = {}): string[] {
  try {
    parseCarrierConnections(value, 'CARRIER_CONNECTIONS', { ...sources, env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('parseCarrierConnections refuses', () => {
  const omit = (field: string) => {
    const c: Record<string, unknown> = smpp();
    delete c[field];
    return c;
  };
  it.each<[string, unknown, string[]]>([
    ['a non-array', { name: 'x' }, ['CARRIER_CONNECTIONS: must be an array of connections']],
    ['a non-object entry', [smpp(), 'acme'], ['CARRIER_CONNECTIONS[1]: must be an object']],
    ['a port out of range', [smpp(), smpp({ name: 'b', port: 70000 })], ['CARRIER_CONNECTIONS[1].port: must be an integer 1-65535']],
    ['a port as text', [smpp({ port: '2775' })], ['CARRIER_CONNECTIONS[0].port: must be an integer 1-65535']],
    ['a missing host', [omit('host')], ['CARRIER_CONNECTIONS[0].host: is required']],
    ['a host with a scheme', [smpp({ host: 'smpp://smsc:2775' })], ['CARRIER_CONNECTIONS[0].host: must be a host name or IP address, without scheme or port']],
    ['a name with capitals', [smpp({ name: 'Acme' })], ['CARRIER_CONNECTIONS[0].name: must be 1-63 lowercase letters, digits and -, not starting or ending with -, and none of test, rotate-secret, deliveries']],
    [
      'a name a webhook endpoint route takes (POST /v1/webhooks/{webhookId}/test)',
      [smpp({ name: 'test' })],
      ['CARRIER_CONNECTIONS[0].name: must be 1-63 lowercase letters, digits and -, not starting or ending with -, and none of test, rotate-secret, deliveries'],
    ],
    ['a name ending in -', [smpp({ name: 'acme-' })], ['CARRIER_CONNECTIONS[0].name: must be 1-63 lowercase letters, digits and -, not starting or ending with -, and none of test, rotate-secret, deliveries']],
    ['a name used twice', [smpp(), http(), smpp({ priority: 3 })], ['CARRIER_CONNECTIONS[2].name: must be unique (CARRIER_CONNECTIONS[0] has it too)']],
    ['an unknown protocol', [smpp({ protocol: 'smtp' })], ['CARRIER_CONNECTIONS[0].protocol: must be one of: smpp, http, whatsapp-cloud, twilio']],
    ['whatsapp-cloud for Sms', [whatsapp({ channel: 'Sms' })], ['CARRIER_CONNECTIONS[0].channel: must be WhatsApp for protocol whatsapp-cloud']],
    ['twilio for WhatsApp', [twilio({ channel: 'WhatsApp' })], ['CARRIER_CONNECTIONS[0].channel: must be Sms for protocol twilio']],
    ['a phone number id that is not digits', [whatsapp({ phoneNumberId: '1065/../me' })], ['CARRIER_CONNECTIONS[0].phoneNumberId: must be the phone number id Meta shows (digits)']],
    ['a Graph API version without its v', [whatsapp({ apiVersion: '23.0' })], ['CARRIER_CONNECTIONS[0].apiVersion: must be a Graph API version such as v23.0']],
    ['a whatsapp-cloud connection without its app secret', [whatsapp({ appSecret: undefined })], ['CARRIER_CONNECTIONS[0].appSecret: give exactly one of appSecret, appSecretFile, appSecretEnv']],
    ['a whatsapp-cloud connection without its verify token', [whatsapp({ verifyToken: undefined })], ['CARRIER_CONNECTIONS[0].verifyToken: give exactly one of verifyToken, verifyTokenFile, verifyTokenEnv']],
    ['an smpp field on a whatsapp-cloud connection', [whatsapp({ systemId: 'x' })], ['CARRIER_CONNECTIONS[0].systemId: is not a field of a whatsapp-cloud connection']],
    ['an Account SID of another kind', [twilio({ accountSid: `MG${'a1'.repeat(16)}` })], ['CARRIER_CONNECTIONS[0].accountSid: must be an Account SID (AC and 32 hex digits)']],
    ['a Messaging Service SID of another kind', [twilio({ messagingServiceSid: 'MGshort' })], ['CARRIER_CONNECTIONS[0].messagingServiceSid: must be a Messaging Service SID (MG and 32 hex digits)']],
    ['a twilio connection without its public address', [twilio({ publicBaseUrl: undefined })], ['CARRIER_CONNECTIONS[0].publicBaseUrl: is required']],
    ['a twilio connection without its auth token', [twilio({ authToken: undefined })], ['CARRIER_CONNECTIONS[0].authToken: give exactly one of authToken, authTokenFile, authTokenEnv']],
    ['an unknown channel', [smpp({ channel: 'sms' })], ['CARRIER_CONNECTIONS[0].channel: must be one of: Sms, WhatsApp, Email']],
    ['smpp for WhatsApp', [smpp({ channel: 'WhatsApp' })], ['CARRIER_CONNECTIONS[0].channel: must be Sms for protocol smpp']],
    ['http for Email', [http({ channel: 'Email' })], ['CARRIER_CONNECTIONS[0].channel: must be Sms for protocol http (WhatsApp goes through a whatsapp-cloud connection, Email through CARRIER_SMTP_URL)']],
    // The Carrier API's /whatsapp/v1/messages is retired (issue 29 point 6): WhatsApp is Meta's Cloud API only.
    ['http for WhatsApp', [http({ channel: 'WhatsApp' })], ['CARRIER_CONNECTIONS[0].channel: must be Sms for protocol http (WhatsApp goes through a whatsapp-cloud connection, Email through CARRIER_SMTP_URL)']],
    ['missing numbers', [omit('numbers')], ['CARRIER_CONNECTIONS[0].numbers: is required']],
    ['empty numbers', [smpp({ numbers: [] })], ['CARRIER_CONNECTIONS[0].numbers: must be a non-empty array of sender numbers (E.164 numbers, prefixes ending in *, or ["*"])']],
    [
      'numbers that are not E.164, prefixes or *',
      [smpp({ numbers: ['+14155550100', '4155550100', '+1415', '+0*', 7] })],
      [
        'CARRIER_CONNECTIONS[0].numbers[1]: must be an E.164 number (+14155550100), a prefix ending in * (+1415*), or "*"',
        'CARRIER_CONNECTIONS[0].numbers[2]: has too few digits for its country calling code',
        'CARRIER_CONNECTIONS[0].numbers[3]: must be an E.164 number (+14155550100), a prefix ending in * (+1415*), or "*"',
        'CARRIER_CONNECTIONS[0].numbers[4]: must be an E.164 number (+14155550100), a prefix ending in * (+1415*), or "*"',
      ],
    ],
    ['* beside other numbers', [smpp({ numbers: ['*', '+1415*'] })], ['CARRIER_CONNECTIONS[0].numbers: "*" takes every sender number, so it stands alone: ["*"]']],
    ['a fractional priority', [smpp({ priority: 1.5 })], ['CARRIER_CONNECTIONS[0].priority: must be an integer 0 or more']],
    ['a circuit that never opens', [twilio({ circuitFailures: 0 })], ['CARRIER_CONNECTIONS[0].circuitFailures: must be an integer 1-1000']],
    ['a circuit pause as text', [smpp({ circuitPauseSeconds: '30s' })], ['CARRIER_CONNECTIONS[0].circuitPauseSeconds: must be a number of seconds greater than 0 and at most 86400']],
    ['a systemId over 15 characters', [smpp({ systemId: 'a'.repeat(16) })], ['CARRIER_CONNECTIONS[0].systemId: must be 1-15 printable ASCII characters (SMPP 3.4)']],
    ['a systemType over 12 characters', [smpp({ systemType: 'b'.repeat(13) })], ['CARRIER_CONNECTIONS[0].systemType: must be at most 12 printable ASCII characters (SMPP 3.4)']],
    ['a systemId that is a number', [smpp({ systemId: 1234 })], ['CARRIER_CONNECTIONS[0].systemId: must be a string: 1-15 printable ASCII characters (SMPP 3.4)']],
    ['tls as text', [smpp({ tls: 'false' })], ['CARRIER_CONNECTIONS[0].tls: must be true or false']],
    ['zero binds', [smpp({ binds: 0 })], ['CARRIER_CONNECTIONS[0].binds: must be an integer 1-100']],
    ['zero throughput', [smpp({ throughputPerSecond: 0 })], ['CARRIER_CONNECTIONS[0].throughputPerSecond: must be a number greater than 0 and at most 1000000']],
    ['a window of 0', [smpp({ window: 0 })], ['CARRIER_CONNECTIONS[0].window: must be an integer 1-1000']],
    ['an enquire_link longer than a day', [smpp({ enquireLinkSeconds: 86_401 })], ['CARRIER_CONNECTIONS[0].enquireLinkSeconds: must be a number of seconds greater than 0 and at most 86400']],
    ['a negative response timeout', [smpp({ responseTimeoutSeconds: -1 })], ['CARRIER_CONNECTIONS[0].responseTimeoutSeconds: must be a number of seconds greater than 0 and at most 86400']],
    ['an unknown longMessages', [smpp({ longMessages: 'split' })], ['CARRIER_CONNECTIONS[0].longMessages: must be one of: udh, sar, payload']],
    ['an unknown idFormat', [smpp({ idFormat: 'hex' })], ['CARRIER_CONNECTIONS[0].idFormat: must be one of: as-is, hex-to-dec, dec-to-hex']],
    ['a TON past 6', [smpp({ sourceTon: 7 })], ['CARRIER_CONNECTIONS[0].sourceTon: must be an integer 0-6']],
    ['an NPI SMPP does not define', [smpp({ destNpi: 2 })], ['CARRIER_CONNECTIONS[0].destNpi: must be one of: 0, 1, 3, 4, 6, 8, 9, 10, 14, 18']],
    ['unknown fields, by name only', [smpp({ hots: 'x', baseUrl: 'https://x.test' })], ['CARRIER_CONNECTIONS[0].hots: is not a field of an smpp connection', 'CARRIER_CONNECTIONS[0].baseUrl: is not a field of an smpp connection']],
    ['smpp fields on an http connection', [http({ port: 80 })], ['CARRIER_CONNECTIONS[0].port: is not a field of an http connection']],
    ['no password source', [omit('password')], ['CARRIER_CONNECTIONS[0].password: give exactly one of password, passwordFile, passwordEnv']],
    ['two password sources', [smpp({ passwordEnv: 'SMSC_PASSWORD' })], ['CARRIER_CONNECTIONS[0].password: give exactly one of password, passwordFile, passwordEnv (got password, passwordEnv)']],
    ['an unset password variable', [{ ...omit('password'), passwordEnv: 'SMSC_PASSWORD' }], ['CARRIER_CONNECTIONS[0].passwordEnv: variable SMSC_PASSWORD is not set']],
    ['a password variable with a bad name', [{ ...omit('password'), passwordEnv: 'SMSC PASSWORD' }], ['CARRIER_CONNECTIONS[0].passwordEnv: must be an environment variable name (letters, digits, _)']],
    ['an unreadable password file', [{ ...omit('password'), passwordFile: '/nonexistent/smsc-password' }], ['CARRIER_CONNECTIONS[0].passwordFile: cannot read /nonexistent/smsc-password (ENOENT)']],
    ['an http URL of another scheme', [http({ baseUrl: 'ftp://carrier.test' })], ['CARRIER_CONNECTIONS[0].baseUrl: must be an http or https URL']],
    ['an http URL with credentials', [http({ baseUrl: 'https://u:hunter22@carrier.test' })], ['CARRIER_CONNECTIONS[0].baseUrl: must not carry credentials (the key goes in apiKey)']],
    ['an http connection without a callback secret', [http({ callbackSecret: undefined })], ['CARRIER_CONNECTIONS[0].callbackSecret: give exactly one of callbackSecret, callbackSecretFile, callbackSecretEnv']],
    ['an empty api key', [http({ apiKey: '' })], ['CARRIER_CONNECTIONS[0].apiKey: must be a non-empty string']],
  ])('%s', (_, value, expected) => {
    expect(problemsOf(value)).toEqual(expected);
  });

  it('names every bad field of every connection in one error', () => {
    const error = (() => {
      try {
        parseCarrierConnections([smpp({ port: 0, window: 'ten' }), http({ name: 'Own', priority: -1 })], 'CARRIER_CONNECTIONS', sources);
      } catch (e) {
        return e as Error;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error.message).toBe(
      [
        'Invalid configuration:',
        '  - CARRIER_CONNECTIONS[0].port: must be an integer 1-65535',
        '  - CARRIER_CONNECTIONS[0].window: must be an integer 1-1000',
        '  - CARRIER_CONNECTIONS[1].name: must be 1-63 lowercase letters, digits and -, not starting or ending with -, and none of test, rotate-secret, deliveries',
        '  - CARRIER_CONNECTIONS[1].priority: must be an integer 0 or more',
      ].join('\n'),
    );
  });
});

describe('a password never appears in an error', () => {
  const long = 'S3cretPassw0rd!';
  it.each<[string, unknown, Record<string, string>, string]>([
    ['too long, inline', [smpp({ password: long })], {}, 'CARRIER_CONNECTIONS[0].password: must be at most 8 printable ASCII characters (SMPP 3.4)'],
    ['too long, from a variable', [{ ...smpp({ password: undefined }), passwordEnv: 'SMSC_PW' }], { SMSC_PW: long }, 'CARRIER_CONNECTIONS[0].passwordEnv: must be at most 8 printable ASCII characters (SMPP 3.4)'],
    ['given as a number', [smpp({ password: 12345678 })], {}, 'CARRIER_CONNECTIONS[0].password: must be a string'],
    ['misplaced in an unknown field', [smpp({ pasword: long })], {}, 'CARRIER_CONNECTIONS[0].pasword: is not a field of an smpp connection'],
    ['put in the systemId', [smpp({ systemId: long.repeat(2) })], {}, 'CARRIER_CONNECTIONS[0].systemId: must be 1-15 printable ASCII characters (SMPP 3.4)'],
    ['in an http URL', [http({ baseUrl: `https://user:${long}@carrier.test` })], {}, 'CARRIER_CONNECTIONS[0].baseUrl: must not carry credentials (the key goes in apiKey)'],
    ['in a Graph API URL', [whatsapp({ baseUrl: `https://user:${long}@graph.test` })], {}, 'CARRIER_CONNECTIONS[0].baseUrl: must not carry credentials (the token goes in accessToken)'],
    ['in a public address for Twilio', [twilio({ publicBaseUrl: `https://user:${long}@messaging.test` })], {}, 'CARRIER_CONNECTIONS[0].publicBaseUrl: must not carry credentials (the auth token goes in authToken)'],
  ])('%s', (_, value, env, expected) => {
    const problems = problemsOf(value, env);
    expect(problems).toContain(expected);
    expect(problems.join('\n')).not.toContain(long);
    expect(problems.join('\n')).not.toContain('12345678');
  });

  it('is masked when a parsed connection is logged', () => {
    const [connection] = parseCarrierConnections([smpp()], 'CARRIER_CONNECTIONS', sources);
    expect(JSON.stringify(connection)).toContain('"password":"[REDACTED]"');
    expect(JSON.stringify(connection)).not.toContain(PASSWORD);
    expect(inspect(connection)).not.toContain(PASSWORD);
    expect(connection).toMatchObject({ password: PASSWORD });
  });
});

describe('parseCarrierConnections accepts', () => {
  it('an smpp connection, with the defaults applied, frozen', () => {
    const list = parseCarrierConnections([smpp()], 'CARRIER_CONNECTIONS', sources);
    expect(list).toEqual([
      {
        name: 'acme-smsc',
        protocol: 'smpp',
        channel: 'Sms',
        numbers: ['+14155550100'],
        priority: 1,
        circuitFailures: 5,
        circuitPauseSeconds: 30,
        host: 'smsc.acme.test',
        port: 2775,
        tls: false,
        systemId: 'platform',
        password: PASSWORD,
        systemType: '',
        binds: 1,
        throughputPerSecond: 10,
        window: 10,
        enquireLinkSeconds: 30,
        responseTimeoutSeconds: 30,
        longMessages: 'udh',
        idFormat: 'as-is',
        sourceTon: undefined,
        sourceNpi: undefined,
        destTon: 1,
        destNpi: 1,
      },
    ]);
    expect(Object.isFrozen(list)).toBe(true);
    expect(Object.isFrozen(list[0])).toBe(true);
    expect(Object.isFrozen(list[0].numbers)).toBe(true);
  });

  it('every smpp field set, an empty systemType and password, prefixes and null as absent', () => {
    const [c] = parseCarrierConnections(
      [smpp({ tls: true, password: '', systemType: 'VMA', binds: 3, throughputPerSecond: 2.5, window: 4, enquireLinkSeconds: 0.5, responseTimeoutSeconds: 5, longMessages: 'payload', idFormat: 'hex-to-dec', sourceTon: 5, sourceNpi: 0, destTon: 0, destNpi: 9, numbers: ['+1415*', '+447700900123'], host: 'fd00::5', priority: 0 })],
      'CARRIER_CONNECTIONS',
      sources,
    );
    expect(c).toMatchObject({ tls: true, password: '', systemType: 'VMA', binds: 3, throughputPerSecond: 2.5, window: 4, enquireLinkSeconds: 0.5, responseTimeoutSeconds: 5, longMessages: 'payload', idFormat: 'hex-to-dec', sourceTon: 5, sourceNpi: 0, destTon: 0, destNpi: 9, numbers: ['+1415*', '+447700900123'], host: 'fd00::5', priority: 0 });
    const [circuit] = parseCarrierConnections([http({ circuitFailures: 2, circuitPauseSeconds: 0.5 })], 'CARRIER_CONNECTIONS', sources);
    expect(circuit).toMatchObject({ circuitFailures: 2, circuitPauseSeconds: 0.5 });
    const [withNull] = parseCarrierConnections([smpp({ systemType: null })], 'CARRIER_CONNECTIONS', sources);
    expect(withNull).toMatchObject({ systemType: '' });
  });

  it("an http connection: the Carrier API's SMS path, trailing slash dropped, default timeout, the key optional", () => {
    expect(parseCarrierConnections([http(), http({ name: 'sms-api', apiKey: undefined })], 'CARRIER_CONNECTIONS', sources)).toEqual([
      { name: 'own-api', protocol: 'http', channel: 'Sms', numbers: ['*'], priority: 2, circuitFailures: 5, circuitPauseSeconds: 30, baseUrl: 'https://carrier.test', path: '/carrier/v1/messages', apiKey: 'key-123', callbackSecret: 'cb-secret', timeoutSeconds: 10 },
      { name: 'sms-api', protocol: 'http', channel: 'Sms', numbers: ['*'], priority: 2, circuitFailures: 5, circuitPauseSeconds: 30, baseUrl: 'https://carrier.test', path: '/carrier/v1/messages', callbackSecret: 'cb-secret', timeoutSeconds: 10 },
    ]);
  });

  it("a whatsapp-cloud connection: Meta's production API and v23.0 by default, its secrets masked when logged", () => {
    const [c] = parseCarrierConnections([whatsapp()], 'CARRIER_CONNECTIONS', sources);
    expect(c).toEqual({
      name: 'meta-cloud',
      protocol: 'whatsapp-cloud',
      channel: 'WhatsApp',
      numbers: ['+15551234567'],
      priority: 1,
      circuitFailures: 5,
      circuitPauseSeconds: 30,
      baseUrl: 'https://graph.facebook.com',
      apiVersion: 'v23.0',
      phoneNumberId: '106540352242922',
      accessToken: META_TOKEN,
      appSecret: 'app-secret',
      verifyToken: 'verify-me',
      timeoutSeconds: 10,
    });
    for (const shown of [JSON.stringify(c), inspect(c)]) for (const secret of [META_TOKEN, 'app-secret', 'verify-me']) expect(shown).not.toContain(secret);
    const [own] = parseCarrierConnections([whatsapp({ baseUrl: 'http://127.0.0.1:4010/', apiVersion: 'v24.0' })], 'CARRIER_CONNECTIONS', sources);
    expect(own).toMatchObject({ baseUrl: 'http://127.0.0.1:4010', apiVersion: 'v24.0' });
  });

  it("a twilio connection: Twilio's production API by default, the public address without its trailing slash, a Messaging Service optional", () => {
    const [c, service] = parseCarrierConnections([twilio(), twilio({ name: 'twilio-svc', messagingServiceSid: `MG${'b2'.repeat(16)}` })], 'CARRIER_CONNECTIONS', sources);
    expect(c).toEqual({
      name: 'twilio-us',
      protocol: 'twilio',
      channel: 'Sms',
      numbers: ['+1*'],
      priority: 2,
      circuitFailures: 5,
      circuitPauseSeconds: 30,
      baseUrl: 'https://api.twilio.com',
      accountSid: `AC${'a1'.repeat(16)}`,
      authToken: AUTH_TOKEN,
      publicBaseUrl: 'https://messaging.example.com',
      timeoutSeconds: 10,
    });
    expect(service).toMatchObject({ messagingServiceSid: `MG${'b2'.repeat(16)}` });
    expect(JSON.stringify(c)).not.toContain(AUTH_TOKEN);
    expect(inspect(c)).not.toContain(AUTH_TOKEN);
  });

  it('an empty list', () => {
    expect(parseCarrierConnections([], 'CARRIER_CONNECTIONS', sources)).toEqual([]);
  });

  it('secrets from a variable and from a file (relative to baseDir, one trailing line break dropped)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carrier-secret-'));
    writeFileSync(join(dir, 'smsc-password'), 'fromfile\n');
    const [a, b] = parseCarrierConnections(
      [
        { ...smpp({ password: undefined }), passwordFile: 'smsc-password' },
        { ...http({ callbackSecret: undefined, apiKey: undefined }), callbackSecretEnv: 'OWN_API_SECRET', apiKeyFile: join(dir, 'smsc-password') },
      ],
      'CARRIER_CONNECTIONS',
      { env: { OWN_API_SECRET: 'from-env' }, baseDir: dir },
    );
    expect(a).toMatchObject({ password: 'fromfile' });
    expect(b).toMatchObject({ callbackSecret: 'from-env', apiKey: 'fromfile' });
    expect(Object.keys(b)).not.toContain('callbackSecretEnv');
  });
});
