import createClient from 'openapi-fetch';
import { documentAgreement, type Disagreement } from './generated-client/document-agreement';
import { GENERATED_TYPES, generateClientTypes, typeCheckJourney } from './generated-client/generate-client';
import { readmeJourney, type ReadmeJourneyResult } from './generated-client/readme-journey';
import { freshDestination, uniqueEmail } from './support/journeys';
import { sharedPlatform, type BootedPlatform } from './support/platform-fixture';

// Issue 14 point 3: a client generated from the served document by tools we did not write
// (openapi-typescript, openapi-fetch) runs the README journey, and every answer agrees with the document.
let booted: BootedPlatform;
let served: any;

beforeAll(async () => {
  booted = await sharedPlatform();
  const res = await fetch(`${booted.platform.url}/openapi/public.json`);
  expect(res.status).toBe(200);
  served = await res.json();
  await generateClientTypes(served);
});

const copy = <T>(value: T): T => structuredClone(value);

describe('the client generated from /openapi/public.json', () => {
  it('type-checks the README journey written against it', () => {
    expect(typeCheckJourney()).toEqual([]);
  });

  it('fails the type-check when the document drops a path or renames a field the journey uses', async () => {
    const drifted = copy(served);
    delete drifted.paths['/v1/api-keys'];
    const message = drifted.components.schemas.MessageResource;
    message.properties.id = message.properties.messageId;
    delete message.properties.messageId;
    message.required = message.required.map((name: string) => (name === 'messageId' ? 'id' : name));
    const driftedTypes = GENERATED_TYPES.replace(/\.d\.ts$/, '.drifted.d.ts');
    await generateClientTypes(drifted, driftedTypes);
    const errors = typeCheckJourney(driftedTypes).join('\n');
    expect(errors).toMatch(/'"\/v1\/api-keys"' is not assignable/);
    expect(errors).toMatch(/Property 'messageId' does not exist/);
  });
});

describe('the README journey with the generated client', () => {
  const newcomer = { email: uniqueEmail('generated-client'), password: 'correct horse battery staple', organizationName: 'Generated Client Ltd', destination: freshDestination() };
  let journey: ReadmeJourneyResult;
  let agreement: ReturnType<typeof documentAgreement>;

  beforeAll(async () => {
    agreement = documentAgreement(served);
    journey = await readmeJourney(booted.platform.url, newcomer, { middleware: [agreement.middleware], deliveryBoundMs: 15_000 });
  });

  it('registers, reads the mailbox, verifies and signs in', () => {
    expect(journey.registered).toMatchObject({ status: 201, accountStatus: 'pending' });
    expect(journey.mailbox).toEqual({ status: 200, subject: expect.any(String), to: newcomer.email });
    expect(journey.verified.status).toBe(200);
    expect(journey.signedIn).toEqual({ status: 200, tokenType: 'Bearer' });
  });

  it('creates a key and sends with it; the message is delivered within the bound', () => {
    expect(journey.key).toEqual({ status: 201, rights: ['SendMessages', 'ReadMessages'], prefix: expect.any(String) });
    expect(journey.sent).toMatchObject({ status: 201, messageStatus: 'queued', destination: newcomer.destination, channelType: 'Sms' });
    expect(journey.delivered).toMatchObject({ status: 200, messageStatus: 'delivered', transitions: ['queued', 'dispatched', 'delivered'] });
    expect(journey.delivered.deliveredAfterMs).toBeLessThan(15_000);
  });

  it('reads a refusal as problem details, and the refusal sent nothing', () => {
    expect(journey.refused.status).toBe(400);
    expect(journey.refused.contentType).toMatch(/^application\/problem\+json/);
    expect(journey.refused.problem).toEqual({
      type: expect.stringMatching(/\/problems\/validation-failed$/),
      title: expect.any(String),
      status: 400,
      code: 'VALIDATION_FAILED',
      instance: `/v1/accounts/${journey.registered.accountId}/messages`,
    });
    expect(journey.listed).toEqual({ status: 200, messageIds: [journey.sent.messageId] });
  });

  it('got answers that all agree with the document (status documented, media type listed, body matches)', () => {
    expect(agreement.checked.length).toBeGreaterThanOrEqual(9);
    expect(agreement.disagreements).toEqual<Disagreement[]>([]);
  });
});

describe('the agreement check', () => {
  it('reports an undocumented status, a body off its schema and an unlisted media type', async () => {
    const strict = copy(served);
    delete strict.paths['/v1/sandbox/mailbox'].get.responses['400'];
    strict.components.schemas.Mailbox.required.push('total');
    strict.paths['/v1/auth/login'].post.responses['401'].content = { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } };
    const { middleware, disagreements } = documentAgreement(strict);
    const client = createClient<any>({ baseUrl: booted.platform.url });
    client.use(middleware);
    await client.GET('/v1/sandbox/mailbox', { params: { query: { to: uniqueEmail('nobody') } } });
    await client.GET('/v1/sandbox/mailbox', { params: { query: {} } });
    await client.POST('/v1/auth/login', { body: { email: uniqueEmail('nobody'), password: 'wrong password' } });
    expect(disagreements).toEqual([
      { exchange: 'GET /v1/sandbox/mailbox -> 200', problem: expect.stringContaining("must have required property 'total'") },
      { exchange: 'GET /v1/sandbox/mailbox -> 400', problem: expect.stringContaining('answered 400, which it does not document') },
      { exchange: 'POST /v1/auth/login -> 401', problem: expect.stringContaining("answered 401 as 'application/problem+json', not a documented media type (application/json)") },
    ]);
  });
});
