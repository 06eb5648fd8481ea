import { ApiClient } from './support/api-client';
import { signUp, type SignedUpUser } from './support/journeys';
import { enableMfa, stepUpWithAuthenticator } from './support/mfa-journeys';
import { bootPlatform, countRows, type BootedPlatform } from './support/platform-fixture';
import { SoftwareAuthenticator } from './support/software-authenticator';

const ORIGIN = 'http://localhost:8080';
const authenticatorFor = () => new SoftwareAuthenticator({ origin: ORIGIN, rpId: 'localhost' });

let booted: BootedPlatform;
let api: ApiClient;

beforeAll(async () => {
  booted = await bootPlatform({ WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_RP_NAME: 'Messaging Platform tests', WEBAUTHN_ORIGINS: ORIGIN });
  api = booted.api;
});
let bootedStopped = false;
afterAll(async () => {
  if (!bootedStopped) await booted.stop();
});

interface MfaUser extends SignedUpUser {
  secret: string;
}

async function mfaUser(tag: string): Promise<MfaUser> {
  const user = await signUp(api, tag);
  const { secret } = await enableMfa(api, user);
  return { ...user, secret };
}

const stepUp = (user: MfaUser, action = 'MfaManage') => stepUpWithAuthenticator(api, user.accessToken, user.secret, action);
const passkeysOf = (userId: string) => booted.platform.adapters.databases.forSchema('identity')('passkeys').where({ user_id: userId });

async function registerPasskey(user: MfaUser, authenticator: SoftwareAuthenticator, name?: string) {
  const options = await api.post('/v1/auth/mfa/webauthn/register/options', { token: user.accessToken });
  expect(options.status).toBe(200);
  const credential = authenticator.create(options.body);
  const res = await api.post('/v1/auth/mfa/webauthn/register/complete', {
    token: user.accessToken,
    headers: { 'x-step-up-token': await stepUp(user) },
    body: { credential, ...(name ? { name } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function passwordStep(user: SignedUpUser) {
  const login = await api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
  expect(login.status).toBe(401);
  expect(login.body.code).toBe('MFA_REQUIRED');
  return login.body as { mfaToken: string; mfaMethods: string[] };
}

describe('registering a passkey', () => {
  it('needs MFA on and an MfaManage step-up; a refused completion leaves the token usable and stores nothing', async () => {
    const plain = await signUp(api, 'pk-plain');
    const noMfa = await api.post('/v1/auth/mfa/webauthn/register/options', { token: plain.accessToken });
    expect(noMfa.status).toBe(409);
    expect(noMfa.body).toMatchObject({ code: 'MFA_NOT_ENABLED', status: 409 });
    expect(await countRows(booted.platform, 'identity', 'webauthn_challenges', { user_id: plain.userId })).toBe(0);

    const user = await mfaUser('pk-reg');
    expect((await api.get('/v1/auth/mfa', { token: user.accessToken })).body).toMatchObject({ enabled: true, hasPasskeys: false });
    const options = await api.post('/v1/auth/mfa/webauthn/register/options', { token: user.accessToken });
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({
      rp: { id: 'localhost', name: 'Messaging Platform tests' },
      user: { name: user.email },
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      timeout: 300000,
    });
    const authenticator = authenticatorFor();
    const credential = authenticator.create(options.body);

    const missing = await api.post('/v1/auth/mfa/webauthn/register/complete', { token: user.accessToken, body: { credential } });
    expect(missing.status).toBe(403);
    expect(missing.body).toMatchObject({ code: 'STEP_UP_REQUIRED', action: 'MfaManage' });

    const unlinkToken = await stepUp(user, 'UnlinkIdentity');
    const wrongAction = await api.post('/v1/auth/mfa/webauthn/register/complete', {
      token: user.accessToken,
      headers: { 'x-step-up-token': unlinkToken },
      body: { credential },
    });
    expect(wrongAction.status).toBe(403);
    expect(wrongAction.body.code).toBe('ACTION_MISMATCH');

    // A credential created for another site: 400, nothing stored, the step-up token still good.
    const token = await stepUp(user);
    const foreignOptions = await api.post('/v1/auth/mfa/webauthn/register/options', { token: user.accessToken });
    const foreign = await api.post('/v1/auth/mfa/webauthn/register/complete', {
      token: user.accessToken,
      headers: { 'x-step-up-token': token },
      body: { credential: authenticatorFor().create(foreignOptions.body, { origin: 'https://evil.example' }) },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'WEBAUTHN_VERIFICATION_FAILED', status: 400 });
    expect(await passkeysOf(user.userId)).toHaveLength(0);

    const done = await api.post('/v1/auth/mfa/webauthn/register/complete', {
      token: user.accessToken,
      headers: { 'x-step-up-token': token },
      body: { credential, name: 'Laptop' },
    });
    expect(done.status).toBe(201);
    expect(done.body).toEqual({ id: expect.any(String), name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null });
    expect((await api.get('/v1/auth/mfa', { token: user.accessToken })).body).toMatchObject({
      hasPasskeys: true,
      methods: ['totp', 'recovery_code', 'webauthn'],
    });
    const [row] = await passkeysOf(user.userId);
    expect(row).toMatchObject({ credential_id: credential.id, transports: ['internal'] });
    expect(Buffer.from(row.public_key).length).toBeGreaterThan(60);

    // The used step-up token and challenge do not register it twice.
    const replay = await api.post('/v1/auth/mfa/webauthn/register/complete', {
      token: user.accessToken,
      headers: { 'x-step-up-token': token },
      body: { credential },
    });
    expect(replay.status).toBe(409);
    expect(replay.body.code).toBe('ALREADY_USED');
    expect(await passkeysOf(user.userId)).toHaveLength(1);
  });

  it('answers 400 VALIDATION_FAILED to a body without a credential', async () => {
    const user = await mfaUser('pk-val');
    const res = await api.post('/v1/auth/mfa/webauthn/register/complete', { token: user.accessToken, headers: { 'x-step-up-token': await stepUp(user) }, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(await passkeysOf(user.userId)).toHaveLength(0);
  });
});

describe('managing passkeys', () => {
  it('lists, renames and deletes with a step-up', async () => {
    const user = await mfaUser('pk-manage');
    const passkey = await registerPasskey(user, authenticatorFor(), 'Phone');
    const list = await api.get('/v1/auth/mfa/webauthn', { token: user.accessToken });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [{ id: passkey.id, name: 'Phone', createdAt: passkey.createdAt, lastUsedAt: null }] });

    const renamed = await api.request('PATCH', `/v1/auth/mfa/webauthn/${passkey.id}`, { token: user.accessToken, body: { name: 'Old phone' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: passkey.id, name: 'Old phone' });
    const blank = await api.request('PATCH', `/v1/auth/mfa/webauthn/${passkey.id}`, { token: user.accessToken, body: { name: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { name: expect.any(Array) } });

    const other = await mfaUser('pk-other');
    const foreign = await api.request('PATCH', `/v1/auth/mfa/webauthn/${passkey.id}`, { token: other.accessToken, body: { name: 'Mine' } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('NOT_FOUND');
    expect((await passkeysOf(user.userId))[0].name).toBe('Old phone');

    const noStepUp = await api.delete(`/v1/auth/mfa/webauthn/${passkey.id}`, { token: user.accessToken });
    expect(noStepUp.status).toBe(403);
    expect(noStepUp.body.code).toBe('STEP_UP_REQUIRED');
    expect(await passkeysOf(user.userId)).toHaveLength(1);

    const removed = await api.delete(`/v1/auth/mfa/webauthn/${passkey.id}`, { token: user.accessToken, headers: { 'x-step-up-token': await stepUp(user) } });
    expect(removed.status).toBe(204);
    expect(await passkeysOf(user.userId)).toHaveLength(0);
    expect((await api.get('/v1/auth/mfa/webauthn', { token: user.accessToken })).body).toEqual({ items: [] });
    expect((await api.get('/v1/auth/mfa', { token: user.accessToken })).body).toMatchObject({ enabled: true, hasPasskeys: false });
  });

  it('disabling MFA removes the passkeys', async () => {
    const user = await mfaUser('pk-disable');
    await registerPasskey(user, authenticatorFor());
    const off = await api.delete('/v1/auth/mfa', { token: user.accessToken, headers: { 'x-step-up-token': await stepUp(user) } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, hasPasskeys: false });
    expect(await passkeysOf(user.userId)).toHaveLength(0);
    expect(await countRows(booted.platform, 'identity', 'webauthn_challenges', { user_id: user.userId })).toBe(0);
  });
});

describe('signing in with a passkey', () => {
  it('MFA_REQUIRED offers webauthn; options, then POST /v1/auth/login/mfa with the assertion gives tokens', async () => {
    const user = await mfaUser('pk-login');
    const authenticator = authenticatorFor();
    await registerPasskey(user, authenticator);

    const { mfaToken, mfaMethods } = await passwordStep(user);
    expect(mfaMethods).toEqual(['totp', 'recovery_code', 'webauthn']);
    const options = await api.post('/v1/auth/login/mfa/webauthn/options', { body: { mfaToken } });
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ rpId: 'localhost', allowCredentials: [{ id: authenticator.credentialIds[0], type: 'public-key' }] });
    const credential = authenticator.get(options.body);
    const done = await api.post('/v1/auth/login/mfa', { body: { mfaToken, method: 'webauthn', credential } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });
    expect((await api.get('/v1/auth/me', { token: done.body.accessToken })).status).toBe(200);
    expect(Number((await passkeysOf(user.userId))[0].sign_count)).toBe(1);
    const list = await api.get('/v1/auth/mfa/webauthn', { token: user.accessToken });
    expect(list.body.items[0].lastUsedAt).toEqual(expect.any(String));

    // Replayed: with a fresh mfaToken the old challenge is not its challenge; with the old one the mfaToken is used.
    const again = await passwordStep(user);
    const replay = await api.post('/v1/auth/login/mfa', { body: { mfaToken: again.mfaToken, method: 'webauthn', credential } });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: 'WEBAUTHN_VERIFICATION_FAILED', attemptsRemaining: 4 });
    expect(replay.body.accessToken).toBeUndefined();
    const used = await api.post('/v1/auth/login/mfa', { body: { mfaToken, method: 'webauthn', credential } });
    expect(used.status).toBe(401);
    expect(used.body.code).toBe('MFA_CHALLENGE_INVALID');
    expect(Number((await passkeysOf(user.userId))[0].sign_count)).toBe(1);
  });

  it('refuses a forged assertion and a credential that is not registered: 400, no tokens, counter unchanged', async () => {
    const user = await mfaUser('pk-forged');
    const authenticator = authenticatorFor();
    await registerPasskey(user, authenticator);
    const sessionsBefore = await countRows(booted.platform, 'identity', 'sessions', { user_id: user.userId });
    const { mfaToken } = await passwordStep(user);

    const forgedOptions = await api.post('/v1/auth/login/mfa/webauthn/options', { body: { mfaToken } });
    const forged = await api.post('/v1/auth/login/mfa', {
      body: { mfaToken, method: 'webauthn', credential: authenticator.get(forgedOptions.body, { signWith: SoftwareAuthenticator.strangerKey() }) },
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'WEBAUTHN_VERIFICATION_FAILED', attemptsRemaining: 4 });
    expect(forged.body.accessToken).toBeUndefined();

    const stranger = authenticatorFor();
    stranger.create((await api.post('/v1/auth/mfa/webauthn/register/options', { token: user.accessToken })).body);
    const strangerOptions = await api.post('/v1/auth/login/mfa/webauthn/options', { body: { mfaToken } });
    const unknown = await api.post('/v1/auth/login/mfa', {
      body: { mfaToken, method: 'webauthn', credential: stranger.get({ ...strangerOptions.body, allowCredentials: [] }) },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'WEBAUTHN_VERIFICATION_FAILED', attemptsRemaining: 3 });

    const noCredential = await api.post('/v1/auth/login/mfa', { body: { mfaToken, method: 'webauthn' } });
    expect(noCredential.status).toBe(400);
    expect(noCredential.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { credential: expect.any(Array) } });

    expect(Number((await passkeysOf(user.userId))[0].sign_count)).toBe(0);
    expect(await countRows(booted.platform, 'identity', 'sessions', { user_id: user.userId })).toBe(sessionsBefore);

    // The mfaToken still works with the real passkey.
    const options = await api.post('/v1/auth/login/mfa/webauthn/options', { body: { mfaToken } });
    const done = await api.post('/v1/auth/login/mfa', { body: { mfaToken, method: 'webauthn', credential: authenticator.get(options.body) } });
    expect(done.status).toBe(200);
  });

  it('options need a live mfaToken of a user with passkeys', async () => {
    const bogus = await api.post('/v1/auth/login/mfa/webauthn/options', { body: { mfaToken: 'A'.repeat(43) } });
    expect(bogus.status).toBe(401);
    expect(bogus.body.code).toBe('MFA_CHALLENGE_INVALID');
    const user = await mfaUser('pk-none');
    const { mfaToken, mfaMethods } = await passwordStep(user);
    expect(mfaMethods).toEqual(['totp', 'recovery_code']);
    const none = await api.post('/v1/auth/login/mfa/webauthn/options', { body: { mfaToken } });
    expect(none.status).toBe(422);
    expect(none.body.code).toBe('INVALID_OPERATION');
  });
});

describe('step-up with a passkey', () => {
  it('gives a step-up token for the action; the assertion works once', async () => {
    const user = await mfaUser('pk-stepup');
    const authenticator = authenticatorFor();
    const passkey = await registerPasskey(user, authenticator);
    const options = await api.post('/v1/auth/mfa/step-up/webauthn/options', { token: user.accessToken, body: { action: 'MfaManage' } });
    expect(options.status).toBe(200);
    const credential = authenticator.get(options.body);
    const res = await api.post('/v1/auth/mfa/step-up', { token: user.accessToken, body: { action: 'MfaManage', method: 'webauthn', credential } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stepUpToken: expect.any(String), action: 'MfaManage', expiresAt: expect.any(String) });
    const replay = await api.post('/v1/auth/mfa/step-up', { token: user.accessToken, body: { action: 'MfaManage', method: 'webauthn', credential } });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: 'WEBAUTHN_VERIFICATION_FAILED', action: 'MfaManage' });
    expect(replay.body.stepUpToken).toBeUndefined();

    // The token from the passkey removes the passkey.
    const removed = await api.delete(`/v1/auth/mfa/webauthn/${passkey.id}`, { token: user.accessToken, headers: { 'x-step-up-token': res.body.stepUpToken } });
    expect(removed.status).toBe(204);
  });

  it('answers 409 MFA_NOT_ENABLED to a user without MFA', async () => {
    const plain = await signUp(api, 'pk-stepup-plain');
    const res = await api.post('/v1/auth/mfa/step-up/webauthn/options', { token: plain.accessToken, body: { action: 'MfaManage' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('MFA_NOT_ENABLED');
    expect(await countRows(booted.platform, 'identity', 'webauthn_challenges', { user_id: plain.userId })).toBe(0);
    const stepUp = await api.post('/v1/auth/mfa/step-up', { token: plain.accessToken, body: { action: 'MfaManage', method: 'webauthn', credential: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'e30' } } } });
    expect(stepUp.status).toBe(409);
    expect(stepUp.body).toMatchObject({ code: 'MFA_NOT_ENABLED', action: 'MfaManage' });
    expect(await countRows(booted.platform, 'identity', 'step_up_tokens', { user_id: plain.userId })).toBe(0);
  });
});

describe('where passkeys are not enabled', () => {
  let plainBoot: BootedPlatform;
  beforeAll(async () => {
    // The last block: the first platform goes first, so two platforms never share Kafka consumer groups at once.
    await booted.stop();
    bootedStopped = true;
    plainBoot = await bootPlatform();
  });
  afterAll(() => plainBoot?.stop());

  it('every passkey route answers 422 INVALID_OPERATION and MFA offers no webauthn', async () => {
    const off = plainBoot.api;
    const user = await signUp(off, 'pk-off');
    const { secret } = await enableMfa(off, user);
    const id = '00000000-0000-4000-8000-000000000000';
    const answers = [
      await off.get('/v1/auth/mfa/webauthn', { token: user.accessToken }),
      await off.post('/v1/auth/mfa/webauthn/register/options', { token: user.accessToken }),
      await off.post('/v1/auth/mfa/webauthn/register/complete', { token: user.accessToken, body: { credential: { id: 'x', rawId: 'x', type: 'public-key', response: {} } } }),
      await off.request('PATCH', `/v1/auth/mfa/webauthn/${id}`, { token: user.accessToken, body: { name: 'x' } }),
      await off.delete(`/v1/auth/mfa/webauthn/${id}`, { token: user.accessToken }),
      await off.post('/v1/auth/mfa/step-up/webauthn/options', { token: user.accessToken, body: { action: 'MfaManage' } }),
      await off.post('/v1/auth/login/mfa/webauthn/options', { body: { mfaToken: 'A'.repeat(43) } }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'INVALID_OPERATION', detail: 'Passkeys are not enabled in this environment.' });
    }
    const login = await off.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
    expect(login.body.mfaMethods).toEqual(['totp', 'recovery_code']);
    expect((await off.get('/v1/auth/mfa', { token: user.accessToken })).body).toMatchObject({ hasPasskeys: false, methods: ['totp', 'recovery_code'] });
    expect(await countRows(plainBoot.platform, 'identity', 'webauthn_challenges', { user_id: user.userId })).toBe(0);
    // The authenticator step-up is untouched.
    await expect(stepUpWithAuthenticator(off, user.accessToken, secret, 'MfaManage')).resolves.toEqual(expect.any(String));
  });
});
