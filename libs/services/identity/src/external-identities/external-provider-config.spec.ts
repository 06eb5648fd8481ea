import { loadConfig } from '@mp/config';
import { identityConfigSchema } from '../identity-config';

const load = (value?: string) => loadConfig(identityConfigSchema, { EXTERNAL_IDENTITY_PROVIDERS: value }).EXTERNAL_IDENTITY_PROVIDERS;
const google = { name: 'google', issuer: 'https://accounts.google.com', jwksUri: 'https://www.googleapis.com/oauth2/v3/certs', audience: 'client-1' };

describe('EXTERNAL_IDENTITY_PROVIDERS', () => {
  it('defaults to none', () => {
    expect(load()).toEqual([]);
  });

  it('reads issuers, with one or several audiences', () => {
    const both = [google, { ...google, name: 'corp', audience: ['a', 'b'] }];
    expect(load(JSON.stringify(both))).toEqual(both);
  });

  it.each([
    ['{', /must be valid JSON/],
    ['{}', /must be a JSON array/],
    ['[1]', /entry 0 must be an object/],
    [JSON.stringify([{ ...google, name: 'Google Workspace' }]), /entry 0: name must be/],
    [JSON.stringify([google, google]), /entry 1: name "google" is used twice/],
    [JSON.stringify([{ ...google, issuer: 'accounts.google.com' }]), /issuer must be an http\(s\) URL/],
    [JSON.stringify([{ ...google, jwksUri: 'ftp://x.test/keys' }]), /jwksUri must be an http\(s\) URL/],
    [JSON.stringify([{ ...google, audience: [] }]), /audience must be/],
    [JSON.stringify([{ ...google, clientSecret: 's' }]), /unknown field\(s\) clientSecret/],
  ])('refuses %s at start-up, naming the variable', (value, message) => {
    expect(() => load(value)).toThrow(/EXTERNAL_IDENTITY_PROVIDERS/);
    expect(() => load(value)).toThrow(message);
  });
});
