import { sandboxV1 } from '@mp/contracts';
import { createLogger } from '@mp/telemetry';
import { ANONYMOUS_CALLER, CallTokenSigner, CallTokenVerifier, createClient, CUSTOMER, generateCallKeys, implementService, startGrpcServer, type RunningGrpcServer } from './index';

// Issue 27 point 6: a rolling restart of a service run as two replicas. A client given both
// addresses (a gRPC target) spreads its calls over them, and while one replica stops and comes
// back, then the other, every call is answered by a live one.

const def = sandboxV1.CarrierSimulatorServiceService;
const CALLERS = { setCarrierBehavior: CUSTOMER, listMailbox: ANONYMOUS_CALLER, getClock: ANONYMOUS_CALLER, advanceClock: CUSTOMER, simulateInbound: CUSTOMER };

const serverErrors: string[] = [];
/** Which replica answered, told by the instant it answers with. */
const NAMED_BY: Record<string, string> = { a: '2001-01-01T00:00:00.000Z', b: '2002-02-02T00:00:00.000Z' };
const nameOf = (now: string | undefined) => Object.keys(NAMED_BY).find((name) => NAMED_BY[name] === now) ?? `unknown ${now}`;
let keys: Awaited<ReturnType<typeof generateCallKeys>>;

beforeAll(async () => {
  keys = await generateCallKeys();
});

/** Waits for a condition (bounded: a loaded machine is slow, the assertion after it says what failed). */
async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

/** A replica that answers getClock with its name, slowly enough that calls are in flight when it stops. */
function replica(name: string, port: number): Promise<RunningGrpcServer> {
  const refuse = async () => {
    throw new Error('not used here');
  };
  return startGrpcServer({
    host: '127.0.0.1',
    port,
    verifier: new CallTokenVerifier(keys, 'carrier-simulator'),
    services: [
      implementService(
        def,
        {
          async getClock() {
            await new Promise((r) => setTimeout(r, 20));
            return { now: NAMED_BY[name] }; // a timestamp on the wire: each replica answers its own
          },
          setCarrierBehavior: refuse,
          listMailbox: refuse,
          advanceClock: refuse,
          simulateInbound: refuse,
        },
        createLogger('error', {}, (line) => serverErrors.push(line)),
        CALLERS,
      ),
    ],
  });
}

it('a client of two replicas spreads its calls and loses none while each replica in turn stops and comes back', async () => {
  const signer = await CallTokenSigner.fromJwk(keys.signingKey, 'gateway');
  const servers = [await replica('a', 0), await replica('b', 0)];
  const ports = servers.map((s) => s.port);
  const client = createClient(def, `ipv4:${ports.map((p) => `127.0.0.1:${p}`).join(',')}`, { signer, audience: 'carrier-simulator', deadlineMs: 5_000 });
  const answers: string[] = [];
  const failures: string[] = [];
  let calling = true;
  const callers = Array.from({ length: 4 }, async () => {
    while (calling) {
      await client.getClock({}).then(
        (r) => answers.push(nameOf(r.now)),
        (e: Error & { cause?: unknown }) => failures.push(`${e.message} ${String(e.cause)}`),
      );
    }
  });
  try {
    // Round-robin, not the first address only.
    await until(() => answers.includes('a') && answers.includes('b'));
    expect({ answered: new Set(answers), failures, serverErrors }).toEqual({ answered: new Set(['a', 'b']), failures: [], serverErrors: [] });
    for (const [i, name] of ['a', 'b'].entries()) {
      await servers[i].stop(); // graceful: calls in flight finish, new ones are refused
      await new Promise((r) => setTimeout(r, 300));
      servers[i] = await replica(name, ports[i]);
      const before = answers.length;
      // The replacement takes calls again before the other replica stops.
      await until(() => answers.slice(before).includes(name));
      expect(answers.slice(before)).toContain(name);
    }
  } finally {
    calling = false;
    await Promise.all(callers);
    client.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
  expect({ failures, serverErrors }).toEqual({ failures: [], serverErrors: [] });
  expect(answers.length).toBeGreaterThan(50);
});
