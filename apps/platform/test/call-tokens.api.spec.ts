import { credentials, makeGenericClientConstructor, Metadata, status, type ServiceDefinition } from '@grpc/grpc-js';
import { consentV1, identityV1, messagingV1, platformV1, providerCallbackV1, repliesV1, routingV1, sandboxV1, tendlcV1, webhooksV1 } from '@mp/contracts';
import { CALL_TOKEN_METADATA_KEY, CallTokenSigner, PROBLEM_METADATA_KEY, generateSigningKeyPair, type Principal, type ServiceDefinitionLike } from '@mp/grpc';
import { importJWK, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { SERVICE_DEFINITIONS, type ServiceName } from '@mp/service-host';
import { freshDestination, signUp, uniqueEmail, type SignedUpUser } from './support/journeys';
import { countRows, sharedPlatform, type BootedPlatform } from './support/platform-fixture';

/**
 * Every service verifies who is calling (ARCHITECTURE "How they talk"): a raw
 * gRPC call straight to a service's port, as any pod in a cluster could make,
 * is refused unless it carries a call token signed by a trusted key, for that
 * service, unexpired, from a principal the method accepts; and a refused call
 * changes nothing.
 */

let booted: BootedPlatform;
let user: SignedUpUser;
let gateway: CallTokenSigner;

// The worker's shared platform: nothing here needs a configuration of its own, and what a refused call would
// have changed is counted by this suite's own account, email and destination.
beforeAll(async () => {
  booted = await sharedPlatform();
  user = await signUp(booted.api, 'tokens');
  gateway = await CallTokenSigner.fromJwk(booted.platform.adapters.callKeys.signingKey, 'gateway');
});

const customer = (): Principal => ({ kind: 'user', accountId: user.accountId, userId: user.userId, role: 'Admin' });
const soon = () => new Date(Date.now() + 10_000);

function addressOf(service: string): string {
  const host = booted.platform.hosts.find((h) => h.module.name === service);
  if (!host) throw new Error(`${service} is not running`);
  return `127.0.0.1:${host.port}`;
}

type RawMethod = (request: unknown, metadata: Metadata, options: { deadline: Date }, callback: (error: { code: number; metadata?: Metadata } | null) => void) => void;

/** A call made the way an intruder would: grpc-js by hand, with whatever token (or none) it likes. */
function rawCall(service: string, definition: ServiceDefinitionLike, method: string, request: unknown, token?: string): Promise<number> {
  return rawAnswer(service, definition, method, request, token).then((answer) => answer.code);
}

/** The status and, when the handler ran and refused, the problem it sent back. */
function rawAnswer(
  service: string,
  definition: ServiceDefinitionLike,
  method: string,
  request: unknown,
  token?: string,
): Promise<{ code: number; problem?: string }> {
  const Client = makeGenericClientConstructor(definition as unknown as ServiceDefinition, 'Raw');
  const client = new Client(addressOf(service), credentials.createInsecure()) as unknown as Record<string, RawMethod> & { close(): void };
  const metadata = new Metadata();
  if (token !== undefined) metadata.set(CALL_TOKEN_METADATA_KEY, token);
  return new Promise((resolve) =>
    client[method](request, metadata, { deadline: new Date(Date.now() + 5_000) }, (error: { code: number; metadata?: Metadata } | null) => {
      client.close();
      const problem = error?.metadata?.get(PROBLEM_METADATA_KEY)[0];
      resolve({ code: error ? error.code : status.OK, problem: problem === undefined ? undefined : String(problem) });
    }),
  );
}

/** The tokens an attacker can make without the platform's private key, plus one the platform made for someone else. */
async function badTokens(service: string, principal: Principal): Promise<Record<string, string | undefined>> {
  const trusted = booted.platform.adapters.callKeys.signingKey;
  const forger = await generateSigningKeyPair(trusted.kid!);
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: 'gateway', aud: service, prn: principal };
  const signWith = async (jwk: typeof trusted, extra: Record<string, unknown>) =>
    new SignJWT({ ...claims, ...extra }).setProtectedHeader({ alg: 'EdDSA', kid: trusted.kid }).sign(await importJWK(jwk, 'EdDSA'));
  const otherService = service === 'identity' ? 'messaging' : 'identity';
  return {
    'no token': undefined,
    'a forged signature': await signWith(forger.privateKey, { iat: now, exp: now + 10 }),
    'an expired token': await signWith(trusted, { iat: now - 60, exp: now - 30 }),
    'a token for another service': await gateway.sign(principal, otherService, soon()),
  };
}

interface Probe {
  method: string;
  request: () => unknown;
  /** Whom the method serves. */
  principal: () => Principal;
  /** A kind of caller the method refuses. */
  refusedPrincipal: () => Principal;
  /** What a call that got through would have changed. */
  changed: () => Promise<number>;
}

const anonymous: Principal = { kind: 'anonymous', accountId: '' };
const nothing = async () => 0;
let probeEmail = '';
let probeDestination = '';

/** One state-changing (or, for the read-only services so far, reading) method per service. */
const PROBES: Record<string, Probe> = {
  identity: {
    method: 'register',
    request: () => identityV1.RegisterRequest.fromPartial({ email: probeEmail, password: 'correct horse battery staple', organizationName: 'Intruder' }),
    principal: () => anonymous,
    refusedPrincipal: customer,
    changed: () => countRows(booted.platform, 'identity', 'users', { email: probeEmail }),
  },
  messaging: {
    method: 'sendMessage',
    request: () => messagingV1.SendMessageRequest.fromPartial({ accountId: user.accountId, to: probeDestination, body: 'from an intruder' }),
    principal: customer,
    refusedPrincipal: () => anonymous,
    changed: () => countRows(booted.platform, 'messaging', 'messages', { destination: probeDestination }),
  },
  replies: {
    method: 'listInboundMessages',
    request: () => repliesV1.ListInboundMessagesRequest.fromPartial({ accountId: user.accountId }),
    principal: customer,
    refusedPrincipal: () => anonymous,
    changed: nothing,
  },
  consent: {
    method: 'checkSendPermission',
    request: () => consentV1.CheckSendPermissionRequest.fromPartial({ accountId: user.accountId, channelType: 'Sms', recipient: '+15557654321' }),
    principal: customer,
    refusedPrincipal: () => anonymous,
    changed: nothing,
  },
  routing: {
    method: 'listNumbers',
    request: () => routingV1.ListNumbersRequest.fromPartial({ accountId: user.accountId }),
    principal: customer,
    refusedPrincipal: () => anonymous,
    changed: nothing,
  },
  'webhook-dispatcher': {
    method: 'listWebhookEndpoints',
    request: () => webhooksV1.ListWebhookEndpointsRequest.fromPartial({ accountId: user.accountId }),
    principal: customer,
    refusedPrincipal: () => anonymous,
    changed: nothing,
  },
  'provider-callback': {
    method: 'ingestCallback',
    request: () => providerCallbackV1.IngestCallbackRequest.fromPartial({ provider: 'sim', kind: 'receipt', rawBody: Buffer.from('{}'), signature: 'x' }),
    principal: () => anonymous,
    refusedPrincipal: customer,
    changed: nothing,
  },
  tendlc: {
    method: 'listBrands',
    request: () => tendlcV1.ListBrandsRequest.fromPartial({ accountId: user.accountId }),
    principal: customer,
    refusedPrincipal: () => anonymous,
    changed: nothing,
  },
  'carrier-simulator': {
    method: 'setCarrierBehavior',
    request: () => sandboxV1.SetCarrierBehaviorRequest.fromPartial({ accountId: user.accountId, destination: probeDestination, outcome: 'failed' }),
    principal: customer,
    refusedPrincipal: () => anonymous,
    changed: () => countRows(booted.platform, 'carrier_simulator', 'carrier_behaviors', { destination: probeDestination }),
  },
};

describe('every service refuses calls it cannot trust, and nothing changes', () => {
  it('covers every service the platform runs', () => {
    expect(booted.platform.hosts.map((h) => h.module.name).sort()).toEqual(Object.keys(PROBES).sort());
  });

  for (const [service, probe] of Object.entries(PROBES)) {
    it(`${service}: no token, a forged signature, an expired token, another service's token and a refused kind of caller`, async () => {
      probeEmail = uniqueEmail('intruder');
      probeDestination = freshDestination();
      const definition = SERVICE_DEFINITIONS[service as ServiceName];
      for (const [what, token] of Object.entries(await badTokens(service, probe.principal()))) {
        expect([what, await rawCall(service, definition, probe.method, probe.request(), token)]).toEqual([what, status.UNAUTHENTICATED]);
      }
      const wrongKind = await gateway.sign(probe.refusedPrincipal(), service, soon());
      expect(await rawCall(service, definition, probe.method, probe.request(), wrongKind)).toBe(status.PERMISSION_DENIED);
      expect(await probe.changed()).toBe(0);

      // The same call with a genuine token gets through, so the refusals above are the token's doing.
      const genuine = await gateway.sign(probe.principal(), service, soon());
      const answer = await rawAnswer(service, definition, probe.method, probe.request(), genuine);
      // Through to the handler: a result, or the handler's own problem (provider-callback refuses the made-up HMAC).
      expect(answer.code === status.OK || answer.problem !== undefined).toBe(true);
      if (probe.changed !== nothing) expect(await probe.changed()).toBe(1);
    });
  }

  it('the admin service of every host: an untrusted call never moves the sandbox clock', async () => {
    const before = (await booted.api.get('/v1/sandbox/clock')).body.now;
    const later = new Date(Date.parse(before) + 86_400_000).toISOString();
    for (const service of Object.keys(PROBES)) {
      for (const [what, token] of Object.entries(await badTokens(service, customer()))) {
        const code = await rawCall(service, platformV1.AdminServiceService, 'setSandboxClock', { now: later }, token);
        expect([service, what, code]).toEqual([service, what, status.UNAUTHENTICATED]);
      }
      const anonymousCall = await gateway.sign(undefined, service, soon());
      expect(await rawCall(service, platformV1.AdminServiceService, 'setSandboxClock', { now: later }, anonymousCall)).toBe(status.PERMISSION_DENIED);
    }
    // The sandbox clock runs with real time; a call that got through would have moved it a day.
    expect(Date.parse((await booted.api.get('/v1/sandbox/clock')).body.now) - Date.parse(before)).toBeLessThan(60_000);
  });

  it('a user principal calling a staff method is refused and holds nothing', async () => {
    const token = await gateway.sign(customer(), 'messaging', soon());
    const code = await rawCall('messaging', messagingV1.MessagingServiceService, 'holdAccountSending', messagingV1.HoldAccountSendingRequest.fromPartial({ accountId: user.accountId, reason: 'x' }), token);
    expect(code).toBe(status.PERMISSION_DENIED);
    // Nor can the platform's own call key make a staff principal.
    const system = await gateway.sign({ kind: 'system', accountId: user.accountId }, 'messaging', soon());
    expect(await rawCall('messaging', messagingV1.MessagingServiceService, 'holdAccountSending', messagingV1.HoldAccountSendingRequest.fromPartial({ accountId: user.accountId }), system)).toBe(status.UNAUTHENTICATED);
    expect(await countRows(booted.platform, 'messaging', 'account_sending_holds', { account_id: user.accountId })).toBe(0);
  });

  it('methods narrower than their service: an API key cannot manage templates, a customer cannot resolve numbers', async () => {
    const apiKey: Principal = { kind: 'api_key', accountId: user.accountId, apiKeyId: randomUUID(), rights: ['SendMessages', 'ReadMessages'] };
    const create = messagingV1.CreateTemplateRequest.fromPartial({
      accountId: user.accountId,
      fields: { name: 'by a key', channelType: 'Sms', bodyTemplate: 'Hi' },
    });
    const asKey = await gateway.sign(apiKey, 'messaging', soon());
    expect(await rawCall('messaging', messagingV1.MessagingServiceService, 'createTemplate', create, asKey)).toBe(status.PERMISSION_DENIED);
    expect(await countRows(booted.platform, 'messaging', 'templates', { account_id: user.accountId })).toBe(0);
    const asUser = await gateway.sign(customer(), 'messaging', soon());
    expect((await rawAnswer('messaging', messagingV1.MessagingServiceService, 'createTemplate', create, asUser)).code).toBe(status.OK);
    expect(await countRows(booted.platform, 'messaging', 'templates', { account_id: user.accountId })).toBe(1);

    const resolve = routingV1.ResolveNumberRequest.fromPartial({ address: '+14155550100', channelType: 'Sms' });
    expect(await rawCall('routing', routingV1.RoutingServiceService, 'resolveNumber', resolve, await gateway.sign(customer(), 'routing', soon()))).toBe(
      status.PERMISSION_DENIED,
    );
  });

  it('a key id nobody trusts, and a signer naming a random account, are refused', async () => {
    const stranger = await generateSigningKeyPair(`stranger-${randomUUID()}`);
    const signer = await CallTokenSigner.fromJwk(stranger.privateKey, 'gateway');
    const token = await signer.sign(customer(), 'messaging', soon());
    expect(await rawCall('messaging', messagingV1.MessagingServiceService, 'getMessage', messagingV1.GetMessageRequest.fromPartial({ accountId: user.accountId, messageId: randomUUID() }), token)).toBe(status.UNAUTHENTICATED);
  });
});
