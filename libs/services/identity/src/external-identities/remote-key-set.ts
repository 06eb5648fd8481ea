import { httpGet, MAX_ANSWER_BYTES } from '@mp/service-host';
import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

export interface RemoteKeySetOptions {
  /** The whole fetch, answer read to its end. */
  timeoutMs: number;
  /** After a fetch, an unknown `kid` fetches again only once this has passed. */
  cooldownMs: number;
  /** A fetched key set is used this long, then fetched again on the next token. */
  cacheMaxAgeMs: number;
  /** The most of the issuer's answer read (1 MiB unless told); a longer one fails the fetch. */
  maxAnswerBytes?: number;
}

/**
 * An issuer's JWKS, as jose's `createRemoteJWKSet` keeps it (fetched on first use,
 * used `cacheMaxAgeMs`, fetched again for an unknown `kid` at most once per
 * `cooldownMs`, one fetch at a time), but fetched with the platform's outbound
 * bounds: the answer read up to MAX_ANSWER_BYTES and the whole exchange within
 * `timeoutMs`. jose 5 reads the key set's answer to its end, however long it is
 * or however slowly it comes; its `customFetch` arrived only in jose 6.
 * Key selection is jose's own (`createLocalJWKSet`).
 */
export function remoteKeySet(url: URL, options: RemoteKeySetOptions): JWTVerifyGetKey {
  let local: JWTVerifyGetKey | undefined;
  let fetchedAt: number | undefined;
  let pending: Promise<void> | undefined;
  const since = () => (fetchedAt === undefined ? Infinity : Date.now() - fetchedAt);

  const reload = () =>
    (pending ??= fetchKeySet(url, options)
      .then((jwks) => {
        local = createLocalJWKSet(jwks);
        fetchedAt = Date.now();
      })
      .finally(() => (pending = undefined)));

  return async (protectedHeader, token) => {
    if (!local || since() >= options.cacheMaxAgeMs) await reload();
    try {
      return await local!(protectedHeader, token);
    } catch (error) {
      // A key the issuer may have rotated in since the last fetch.
      if (error instanceof errors.JWKSNoMatchingKey && since() >= options.cooldownMs) {
        await reload();
        return local!(protectedHeader, token);
      }
      throw error;
    }
  };
}

async function fetchKeySet(url: URL, options: RemoteKeySetOptions): Promise<JSONWebKeySet> {
  const answer = await httpGet(url.href, {
    headers: { accept: 'application/json' },
    timeoutMs: options.timeoutMs,
    maxAnswerBytes: options.maxAnswerBytes ?? MAX_ANSWER_BYTES,
  });
  if (answer.status !== 200) throw new errors.JOSEError(`Expected 200 OK from the JSON Web Key Set HTTP response, got ${answer.status}`);
  try {
    return JSON.parse(answer.body.toString('utf8')) as JSONWebKeySet;
  } catch {
    throw new errors.JOSEError('Failed to parse the JSON Web Key Set HTTP response as JSON');
  }
}
