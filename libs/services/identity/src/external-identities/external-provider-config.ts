/** One OpenID Connect issuer whose id tokens sign users in (EXTERNAL_IDENTITY_PROVIDERS). */
export interface ExternalProviderConfig {
  /** What clients send as `provider`, e.g. `google`. */
  name: string;
  /** Must equal the token's `iss`. */
  issuer: string;
  /** Where the issuer publishes its signing keys. */
  jwksUri: string;
  /** The client id(s) the platform is registered with at the issuer; the token's `aud` must contain one. */
  audience: string | string[];
}

const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

function httpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Validates the parsed EXTERNAL_IDENTITY_PROVIDERS document once at start-up;
 * throws naming the first bad entry and field, so the process refuses to start.
 */
export function parseExternalProviders(value: unknown): ExternalProviderConfig[] {
  if (!Array.isArray(value)) throw new Error('must be a JSON array of { name, issuer, jwksUri, audience }');
  const seen = new Set<string>();
  return value.map((entry: unknown, i) => {
    const at = `entry ${i}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new Error(`${at} must be an object`);
    const e = entry as Record<string, unknown>;
    const unknownKeys = Object.keys(e).filter((k) => !['name', 'issuer', 'jwksUri', 'audience'].includes(k));
    if (unknownKeys.length > 0) throw new Error(`${at} has unknown field(s) ${unknownKeys.join(', ')}`);
    if (typeof e.name !== 'string' || !NAME.test(e.name)) throw new Error(`${at}: name must be lower-case letters, digits, '.', '_' or '-'`);
    if (seen.has(e.name)) throw new Error(`${at}: name "${e.name}" is used twice`);
    seen.add(e.name);
    if (!httpUrl(e.issuer)) throw new Error(`${at} (${e.name}): issuer must be an http(s) URL`);
    if (!httpUrl(e.jwksUri)) throw new Error(`${at} (${e.name}): jwksUri must be an http(s) URL`);
    const audience = e.audience;
    const audienceOk = nonEmptyString(audience) || (Array.isArray(audience) && audience.length > 0 && audience.every(nonEmptyString));
    if (!audienceOk) throw new Error(`${at} (${e.name}): audience must be a non-empty string or array of strings`);
    return { name: e.name, issuer: e.issuer as string, jwksUri: e.jwksUri as string, audience: audience as string | string[] };
  });
}
