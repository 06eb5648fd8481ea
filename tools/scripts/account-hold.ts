/**
 * Platform staff: hold or release an account's outbound sending, or show its
 * hold. Calls messaging's internal RPCs (never a public route) as a `system`
 * principal.
 *
 *   npx tsx tools/scripts/account-hold.ts --account <accountId> --hold [--reason <text>] [--operator <name>] [--grpc host:port]
 *   npx tsx tools/scripts/account-hold.ts --account <accountId> --release [--operator <name>] [--grpc host:port]
 *   npx tsx tools/scripts/account-hold.ts --account <accountId> --status [--grpc host:port]
 *
 * Signs each call with STAFF_TOKEN_SIGNING_KEY (a private Ed25519 JWK whose
 * public key is in the services' STAFF_TOKEN_VERIFICATION_KEYS): only a staff
 * key can carry a `system` principal.
 *
 * --grpc defaults to MESSAGING_GRPC_URL, else 127.0.0.1:50052. Prints the
 * account's hold as JSON; exits 2 on bad arguments, 1 when the call fails.
 * Held messages wait in their status (queued or scheduled); on release the
 * scheduled ones that came due are released, expiry is checked, and urgent
 * messages go first.
 */
import { messagingV1 } from '@mp/contracts';
import { ConfigError, json, loadConfig } from '@mp/config';
import { CallTokenSigner, createClient, parseSigningKey, STAFF_ISSUER, type Principal } from '@mp/grpc';

type Action = 'hold' | 'release' | 'status';

interface Args {
  action: Action;
  accountId: string;
  reason?: string;
  operator?: string;
  grpc: string;
}

const USAGE = 'usage: account-hold.ts --account <accountId> (--hold [--reason <text>] | --release | --status) [--operator <name>] [--grpc host:port]';
const VALUED = new Set(['--account', '--reason', '--operator', '--grpc']);
const ACTIONS: Record<string, Action> = { '--hold': 'hold', '--release': 'release', '--status': 'status' };

function parse(argv: string[]): Args | string {
  const values: Record<string, string> = {};
  const actions: Action[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    if (ACTIONS[flag]) actions.push(ACTIONS[flag]);
    else if (VALUED.has(flag)) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) return `${flag} needs a value`;
      values[flag] = value;
      i += 1;
    } else return `unknown argument ${flag}`;
  }
  if (!values['--account']) return '--account is required';
  if (actions.length !== 1) return 'give exactly one of --hold, --release, --status';
  if (values['--reason'] !== undefined && actions[0] !== 'hold') return '--reason goes with --hold';
  return {
    action: actions[0],
    accountId: values['--account'],
    reason: values['--reason'],
    operator: values['--operator'] ?? process.env.USER,
    grpc: values['--grpc'] ?? process.env.MESSAGING_GRPC_URL ?? '127.0.0.1:50052',
  };
}

async function main(): Promise<number> {
  const args = parse(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(`${args}\n${USAGE}`);
    return 2;
  }
  let signingKey;
  try {
    ({ STAFF_TOKEN_SIGNING_KEY: signingKey } = loadConfig({ STAFF_TOKEN_SIGNING_KEY: json(parseSigningKey, { secret: true }) }, process.env));
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : String(error));
    return 2;
  }
  const principal: Principal = { kind: 'system', accountId: args.accountId };
  const signer = await CallTokenSigner.fromJwk(signingKey, STAFF_ISSUER, principal);
  const client = createClient(messagingV1.MessagingServiceService, args.grpc, { signer, audience: 'messaging' });
  try {
    const { accountId, reason, operator } = args;
    const hold =
      args.action === 'hold'
        ? await client.holdAccountSending({ accountId, reason, operator }, { principal })
        : args.action === 'release'
          ? await client.releaseAccountSending({ accountId, operator }, { principal })
          : await client.getAccountSendingHold({ accountId }, { principal });
    console.log(JSON.stringify(hold, null, 2));
    return 0;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    console.error(`${args.action} failed: ${e.code ?? 'ERROR'} ${e.message ?? String(error)}`);
    return 1;
  } finally {
    client.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
