/**
 * Prints a new Ed25519 key pair for call tokens as environment lines, for a
 * Kubernetes Secret or an env file (docs/service-contracts.md "Principal and
 * call tokens"):
 *
 *   npx tsx tools/scripts/generate-call-keys.ts [--kid <id>] [--staff]
 *
 * Default: CALL_TOKEN_SIGNING_KEY and the public key as CALL_TOKEN_VERIFICATION_KEYS.
 * --staff: STAFF_TOKEN_SIGNING_KEY (for the staff tool only) and STAFF_TOKEN_VERIFICATION_KEYS.
 * For a rotation, append the new public key to the verification set in use.
 */
import { generateSigningKeyPair } from '@mp/grpc';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const staff = args.includes('--staff');
  const kidAt = args.indexOf('--kid');
  const unknown = args.filter((a, i) => a !== '--staff' && a !== '--kid' && !(kidAt >= 0 && i === kidAt + 1));
  if (unknown.length > 0 || (kidAt >= 0 && !args[kidAt + 1])) {
    console.error('usage: generate-call-keys.ts [--kid <id>] [--staff]');
    return 2;
  }
  const prefix = staff ? 'STAFF' : 'CALL';
  const kid = kidAt >= 0 ? args[kidAt + 1] : `${prefix.toLowerCase()}-${new Date().toISOString().slice(0, 10)}`;
  const { privateKey, publicKey } = await generateSigningKeyPair(kid);
  console.log(`${prefix}_TOKEN_SIGNING_KEY='${JSON.stringify(privateKey)}'`);
  console.log(`${prefix}_TOKEN_VERIFICATION_KEYS='${JSON.stringify({ keys: [publicKey] })}'`);
  return 0;
}

main().then((code) => process.exit(code));
