/**
 * The PHC string format (https://github.com/P-H-C/phc-string-format):
 * `$<id>$v=<version>$<k>=<v>,...$<salt>$<hash>`, salt and hash in base64
 * without padding. The parameters travel with every hash, so they can be
 * raised later and old hashes still verify (and are recognised as weaker).
 */
export interface PhcHash {
  id: string;
  version: number;
  params: Record<string, number>;
  salt: Buffer;
  hash: Buffer;
}

const B64 = /^[A-Za-z0-9+/]+$/;

export function formatPhc(phc: PhcHash): string {
  const params = Object.entries(phc.params)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  return `$${phc.id}$v=${phc.version}$${params}$${toB64(phc.salt)}$${toB64(phc.hash)}`;
}

/** undefined for anything that is not a well-formed PHC string with integer parameters. */
export function parsePhc(encoded: string): PhcHash | undefined {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== '') return undefined;
  const [, id, versionPart, paramsPart, saltPart, hashPart] = parts;
  if (!/^[a-z0-9-]{1,32}$/.test(id)) return undefined;
  const version = /^v=(\d{1,4})$/.exec(versionPart);
  if (!version) return undefined;
  const params: Record<string, number> = {};
  for (const pair of paramsPart.split(',')) {
    const match = /^([a-z]{1,8})=(\d{1,10})$/.exec(pair);
    if (!match || match[1] in params) return undefined;
    params[match[1]] = Number(match[2]);
  }
  if (!B64.test(saltPart) || !B64.test(hashPart)) return undefined;
  return { id, version: Number(version[1]), params, salt: Buffer.from(saltPart, 'base64'), hash: Buffer.from(hashPart, 'base64') };
}

const toB64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
