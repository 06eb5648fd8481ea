import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@mp/config';
import { loadCarrierConnections } from './load-connections';

const connection = {
  name: 'acme',
  protocol: 'smpp',
  channel: 'Sms',
  numbers: ['*'],
  priority: 1,
  host: '127.0.0.1',
  port: 2775,
  systemId: 'platform',
  passwordFile: 'smsc-password',
};

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'carrier-connections-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadCarrierConnections(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('loadCarrierConnections', () => {
  it('answers undefined when neither variable is set (empty counts as unset)', () => {
    expect(loadCarrierConnections({})).toBeUndefined();
    expect(loadCarrierConnections({ CARRIER_CONNECTIONS: ' ', CARRIER_CONNECTIONS_FILE: '' })).toBeUndefined();
  });

  it('reads CARRIER_CONNECTIONS as JSON, a secret from a variable', () => {
    const list = loadCarrierConnections({ CARRIER_CONNECTIONS: JSON.stringify([{ ...connection, passwordFile: undefined, passwordEnv: 'PW' }]), PW: 'pw' });
    expect(list).toMatchObject([{ name: 'acme', password: 'pw', throughputPerSecond: 10 }]);
  });

  it('reads a JSON file, its relative passwordFile beside it', () => {
    const dir = folder({ 'connections.json': JSON.stringify([connection]), 'smsc-password': 'filepw\n' });
    const list = loadCarrierConnections({ CARRIER_CONNECTIONS_FILE: join(dir, 'connections.json') });
    expect(list).toMatchObject([{ name: 'acme', host: '127.0.0.1', password: 'filepw', window: 10 }]);
  });

  it('reads a YAML file (any name but .json), problems named under CARRIER_CONNECTIONS_FILE', () => {
    const yaml = ['- name: acme', '  protocol: smpp', '  channel: Sms', '  numbers: ["+1415*"]', '  priority: 1', '  host: smsc.test', '  port: 2775', '  systemId: platform', '  password: pw', '  systemType:', ''].join('\n');
    const dir = folder({ connections: yaml, 'bad.yaml': yaml.replace('port: 2775', 'port: 99999') });
    expect(loadCarrierConnections({ CARRIER_CONNECTIONS_FILE: join(dir, 'connections') })).toMatchObject([{ numbers: ['+1415*'], systemType: '', password: 'pw' }]);
    expect(problemsOf({ CARRIER_CONNECTIONS_FILE: join(dir, 'bad.yaml') })).toEqual(['CARRIER_CONNECTIONS_FILE[0].port: must be an integer 1-65535']);
  });

  it('refuses both variables at once', () => {
    expect(problemsOf({ CARRIER_CONNECTIONS: '[]', CARRIER_CONNECTIONS_FILE: '/x.json' })).toEqual(['CARRIER_CONNECTIONS: set it or CARRIER_CONNECTIONS_FILE, not both']);
  });

  it('refuses a file it cannot read', () => {
    expect(problemsOf({ CARRIER_CONNECTIONS_FILE: '/nonexistent/connections.json' })).toEqual(['CARRIER_CONNECTIONS_FILE: cannot read /nonexistent/connections.json (ENOENT)']);
  });

  it('says where JSON breaks without quoting it (the text may hold a password)', () => {
    const problems = problemsOf({ CARRIER_CONNECTIONS: '[{"name":"acme","password":"Pw0rd!x" "port":1}]' });
    // Newer V8 adds the line and column.
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^CARRIER_CONNECTIONS: must be valid JSON \(error at position 37( \(line 1 column 38\))?\)$/);
    expect(problems.join()).not.toContain('Pw0rd!x');
  });

  it('says where YAML breaks without quoting it', () => {
    const dir = folder({ 'c.yaml': '- name: acme\n  password: Pw0rd!x: [\n' });
    const problems = problemsOf({ CARRIER_CONNECTIONS_FILE: join(dir, 'c.yaml') });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^CARRIER_CONNECTIONS_FILE: must be valid YAML or JSON \(error at line 2 column \d+\)$/);
    expect(problems.join()).not.toContain('Pw0rd!x');
  });

  it('refuses a document that is not a list', () => {
    const dir = folder({ 'c.json': '{"connections":[]}' });
    expect(problemsOf({ CARRIER_CONNECTIONS_FILE: join(dir, 'c.json') })).toEqual(['CARRIER_CONNECTIONS_FILE: must be an array of connections']);
  });
});
