import {
  credentials,
  status,
  makeGenericClientConstructor,
  Server,
  ServerCredentials,
  type Client,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServiceError,
} from '@grpc/grpc-js';
import { sandboxV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import { boundedProblemPayload, fromGrpcError, MAX_PROBLEM_PAYLOAD_BYTES, toGrpcError, UNAVAILABLE_RETRY_AFTER_SECONDS } from './status-mapping';

/**
 * The status mapping over a real grpc-js channel (no interceptors, so only
 * the mapping is under test): a problem carrying a huge detail or huge
 * extensions answers at once, and the channel keeps serving the next call.
 */
const def = sandboxV1.CarrierSimulatorServiceService;
const HUGE = 'x'.repeat(100_000);
let server: Server;
let client: Client & Record<string, (req: unknown, options: object, cb: (e: ServiceError | null, r?: unknown) => void) => void>;

beforeAll(async () => {
  server = new Server();
  server.addService(def, {
    listMailbox: (call: ServerUnaryCall<{ to: string }, unknown>, cb: sendUnaryData<unknown>) => {
      if (call.request.to === 'huge-detail') return cb(toGrpcError(new DomainError('NOT_FOUND', `No ${HUGE} identity is linked.`)));
      if (call.request.to === 'database-away') {
        return cb(toGrpcError(Object.assign(new Error('select 1 - terminating connection due to administrator command'), { code: '57P01' })));
      }
      if (call.request.to === 'bug') return cb(toGrpcError(new TypeError('cannot read properties of undefined')));
      if (call.request.to === 'huge-extensions') {
        return cb(toGrpcError(DomainError.validation({ [HUGE]: [HUGE], name: ['is too long'] }, 'The request has invalid fields.')));
      }
      cb(null, { items: [] });
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
  );
  const Ctor = makeGenericClientConstructor(def, 'CarrierSimulatorService');
  client = new Ctor(`127.0.0.1:${port}`, credentials.createInsecure()) as typeof client;
});

afterAll(async () => {
  client.close();
  await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
});

const call = (to: string) =>
  new Promise<{ error?: DomainError; ms: number }>((resolve) => {
    const started = Date.now();
    client.listMailbox({ to }, { deadline: Date.now() + 5_000 }, (e) =>
      resolve({ error: e ? fromGrpcError(e) : undefined, ms: Date.now() - started }),
    );
  });

describe('problems on the wire', () => {
  it('a 100,000-character detail answers at once with the code and a cut detail, and the next call on the channel succeeds', async () => {
    const refused = await call('huge-detail');
    expect(refused.error).toMatchObject({ code: 'NOT_FOUND' });
    expect(refused.error!.detail!.length).toBeLessThanOrEqual(1000);
    expect(refused.error!.detail!.startsWith('No xxx')).toBe(true);
    expect(refused.ms).toBeLessThan(2_000);
    const next = await call('someone');
    expect(next).toMatchObject({ error: undefined });
    expect(next.ms).toBeLessThan(2_000);
  });

  it('huge extensions are shortened, the field names kept readable, and the channel keeps working', async () => {
    const refused = await call('huge-extensions');
    expect(refused.error).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'The request has invalid fields.' });
    expect(refused.error!.extensions.errors?.name).toEqual(['is too long']);
    expect(refused.ms).toBeLessThan(2_000);
    expect(await call('someone')).toMatchObject({ error: undefined });
  });
});

describe('a database the handler cannot reach', () => {
  it('answers UNAVAILABLE, read by the caller as EXTERNAL_SERVICE_ERROR (503) with a Retry-After, and nothing of the error leaves', async () => {
    const refused = await call('database-away');
    expect(refused.error).toMatchObject({ code: 'EXTERNAL_SERVICE_ERROR', status: 503, detail: 'The database is unavailable; retry shortly.' });
    expect(refused.error!.extensions).toEqual({ retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
    expect(toGrpcError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })).code).toBe(status.UNAVAILABLE);
  });

  it('while any other unexpected error stays an internal one', async () => {
    expect((await call('bug')).error).toMatchObject({ code: 'INTERNAL_ERROR', status: 500 });
  });
});

describe('boundedProblemPayload', () => {
  it('keeps a small problem exactly as it is', () => {
    const error = new DomainError('QUOTA_EXCEEDED', 'Daily quota used up – again', { dailyRemaining: 0, retryAfterSeconds: 30 });
    expect(JSON.parse(boundedProblemPayload(error))).toEqual({ code: 'QUOTA_EXCEEDED', detail: error.detail, extensions: error.extensions });
  });

  it('never exceeds the budget, whatever the detail and extensions hold, and never splits a surrogate pair', () => {
    const emoji = '😀'.repeat(50_000);
    for (const error of [
      new DomainError('NOT_FOUND', emoji),
      new DomainError('VALIDATION_FAILED', emoji, { errors: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, [emoji]])) }),
      new DomainError('CONFLICT', 'short', { compatibleProviders: Array.from({ length: 1000 }, () => ({ name: HUGE })) }),
    ]) {
      const payload = boundedProblemPayload(error);
      expect(Buffer.byteLength(payload, 'utf8')).toBeLessThanOrEqual(MAX_PROBLEM_PAYLOAD_BYTES);
      expect(payload).not.toMatch(/\\ud83d(?!\\ude00)/i);
      expect(JSON.parse(payload).code).toBe(error.code);
    }
  });
});
