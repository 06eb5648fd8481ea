import type { Principal } from '@mp/grpc';
import { as, codeOf, errorOf, PASSWORD, signUp, startIdentity, type IdentityHarness } from '../testing/identity-harness';
import { enableMfa, stepUpByEmail } from '../testing/mfa-helpers';
import { SoftwareAuthenticator } from '../testing/software-authenticator';

const RP = { WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_ORIGINS: ['http://localhost:8080'] };
const authenticatorFor = () => new SoftwareAuthenticator({ origin: 'http://localhost:8080', rpId: 'localhost' });

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity(RP);
});
afterAll(() => h.close());

type User = Awaited<ReturnType<typeof signUp>>;

const options = (json: string) => JSON.parse(json);
const passkeyRows = (userId: string) => h.db('passkeys').where({ user_id: userId }).orderBy('created_at');

/** A user with MFA on and one registered passkey. */
async function withPasskey(name?: string) {
  const user = await signUp(h);
  await enableMfa(h, user);
  const authenticator = authenticatorFor();
  const passkey = await register(user, authenticator, name);
  return { user, authenticator, passkey };
}

async function register(user: User, authenticator: SoftwareAuthenticator, name?: string) {
  const created = options((await h.handlers.startPasskeyRegistration({}, as(user.principal))).optionsJson);
  const credential = authenticator.create(created);
  const stepUpToken = await stepUpByEmail(h, user.principal, user.email);
  return h.handlers.completePasskeyRegistration({ stepUpToken, credentialJson: JSON.stringify(credential), name }, as(user.principal));
}

async function mfaTokenOf(email: string): Promise<{ mfaToken: string; mfaMethods: string[] }> {
  const error = await errorOf(h.handlers.login({ email, password: PASSWORD }, as()));
  expect(error.code).toBe('MFA_REQUIRED');
  return { mfaToken: error.extensions.mfaToken!, mfaMethods: error.extensions.mfaMethods! };
}

async function stepUpOptions(principal: Principal, action = 'MfaManage') {
  return options((await h.handlers.startPasskeyStepUp({ action }, as(principal))).optionsJson);
}

describe('passkey registration', () => {
  it('registers a passkey with an MfaManage step-up; status and sign-in methods then name it', async () => {
    const user = await signUp(h);
    await enableMfa(h, user);
    expect(await h.handlers.getMfaStatus({}, as(user.principal))).toMatchObject({ hasPasskeys: false, methods: ['totp', 'recovery_code'] });

    const created = options((await h.handlers.startPasskeyRegistration({}, as(user.principal))).optionsJson);
    expect(created).toMatchObject({ rp: { id: 'localhost' }, user: { name: user.email }, attestation: 'none', challenge: expect.any(String) });
    const authenticator = authenticatorFor();
    const credential = JSON.stringify(authenticator.create(created));

    // Without a step-up, or with one for another action: refused, nothing stored, the challenge still open.
    expect(await codeOf(h.handlers.completePasskeyRegistration({ stepUpToken: '', credentialJson: credential }, as(user.principal)))).toBe(
      'STEP_UP_REQUIRED',
    );
    const policyToken = await stepUpByEmailForPolicy(user);
    expect(await codeOf(h.handlers.completePasskeyRegistration({ stepUpToken: policyToken, credentialJson: credential }, as(user.principal)))).toBe(
      'ACTION_MISMATCH',
    );
    expect(await passkeyRows(user.userId)).toHaveLength(0);

    const stepUpToken = await stepUpByEmail(h, user.principal, user.email);
    const passkey = await h.handlers.completePasskeyRegistration({ stepUpToken, credentialJson: credential, name: ' Laptop ' }, as(user.principal));
    expect(passkey).toMatchObject({ id: expect.any(String), name: 'Laptop', createdAt: expect.any(String) });
    expect(Math.abs(Date.parse(passkey.createdAt!) - h.clock.now().getTime())).toBeLessThan(5_000);
    const [row] = await passkeyRows(user.userId);
    expect(row).toMatchObject({ credential_id: authenticator.credentialIds[0], transports: ['internal'], name: 'Laptop' });
    expect(Number(row.sign_count)).toBe(0);
    expect(await h.handlers.getMfaStatus({}, as(user.principal))).toMatchObject({ hasPasskeys: true, methods: ['totp', 'recovery_code', 'webauthn'] });
    expect((await mfaTokenOf(user.email)).mfaMethods).toEqual(['totp', 'recovery_code', 'webauthn']);

    // The challenge was used: the same answer again is refused, and the step-up token too.
    const again = await stepUpByEmail(h, user.principal, user.email);
    expect(await codeOf(h.handlers.completePasskeyRegistration({ stepUpToken: again, credentialJson: credential }, as(user.principal)))).toBe(
      'WEBAUTHN_VERIFICATION_FAILED',
    );
    expect(await passkeyRows(user.userId)).toHaveLength(1);
    // ...and that refusal left the step-up token usable.
    await expect(h.handlers.regenerateRecoveryCodes({ stepUpToken: again }, as(user.principal))).resolves.toHaveProperty('recoveryCodes');
  });

  it('refuses a credential made for another origin, rp id or challenge; the challenge is spent, the step-up token is not', async () => {
    const user = await signUp(h);
    await enableMfa(h, user);
    for (const tweak of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }]) {
      const created = options((await h.handlers.startPasskeyRegistration({}, as(user.principal))).optionsJson);
      const credential = JSON.stringify(authenticatorFor().create(created, tweak));
      const stepUpToken = await stepUpByEmail(h, user.principal, user.email);
      const refused = await errorOf(h.handlers.completePasskeyRegistration({ stepUpToken, credentialJson: credential }, as(user.principal)));
      expect(refused.code).toBe('WEBAUTHN_VERIFICATION_FAILED');
      expect(refused.status).toBe(400);
      expect(await h.db('step_up_tokens').where({ user_id: user.userId }).whereNull('used_at')).toHaveLength(1);
      await h.handlers.regenerateRecoveryCodes({ stepUpToken }, as(user.principal));
    }
    expect(await passkeyRows(user.userId)).toHaveLength(0);
  });

  it('answers MFA_NOT_ENABLED to a user without MFA, and VALIDATION_FAILED to a missing or shapeless credential', async () => {
    const user = await signUp(h);
    expect(await codeOf(h.handlers.startPasskeyRegistration({}, as(user.principal)))).toBe('MFA_NOT_ENABLED');
    const stepUpToken = await stepUpByEmail(h, user.principal, user.email);
    const fake = JSON.stringify({ id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: '' } });
    expect(await codeOf(h.handlers.completePasskeyRegistration({ stepUpToken, credentialJson: fake }, as(user.principal)))).toBe('MFA_NOT_ENABLED');
    const missing = await errorOf(h.handlers.completePasskeyRegistration({ stepUpToken, credentialJson: '' }, as(user.principal)));
    expect(missing.code).toBe('VALIDATION_FAILED');
    expect(missing.extensions.errors).toHaveProperty('credential');
    expect(await codeOf(h.handlers.completePasskeyRegistration({ stepUpToken, credentialJson: '{"id":1}' }, as(user.principal)))).toBe(
      'VALIDATION_FAILED',
    );
    // The token survived every refusal.
    await expect(h.handlers.setupTotp({ stepUpToken }, as(user.principal))).resolves.toHaveProperty('secret');
  });

  it('expires registration options after 5 minutes of the sandbox clock', async () => {
    const user = await signUp(h);
    await enableMfa(h, user);
    const created = options((await h.handlers.startPasskeyRegistration({}, as(user.principal))).optionsJson);
    const credential = JSON.stringify(authenticatorFor().create(created));
    h.clock.advance(301);
    const stepUpToken = await stepUpByEmail(h, user.principal, user.email);
    expect(await codeOf(h.handlers.completePasskeyRegistration({ stepUpToken, credentialJson: credential }, as(user.principal)))).toBe(
      'WEBAUTHN_VERIFICATION_FAILED',
    );
    expect(await passkeyRows(user.userId)).toHaveLength(0);
  });
});

async function stepUpByEmailForPolicy(user: User): Promise<string> {
  // Users with MFA may only use the email route for MfaManage: take the authenticator-free path via the DB-less helper.
  const { issueStepUpToken } = await import('../step-up/step-up-tokens');
  return h.db.transaction(async (trx) => (await issueStepUpToken(trx, { userId: user.userId, action: 'AccountSecurityPolicy' }, h.clock.now())).stepUpToken);
}

describe('signing in with a passkey', () => {
  it('completes the second step; the assertion cannot be replayed and the counter moves on', async () => {
    const { user, authenticator } = await withPasskey();
    const { mfaToken } = await mfaTokenOf(user.email);
    const request = options((await h.handlers.startPasskeyLogin({ mfaToken }, as())).optionsJson);
    expect(request).toMatchObject({ rpId: 'localhost', allowCredentials: [{ id: authenticator.credentialIds[0], type: 'public-key' }] });
    const assertion = JSON.stringify(authenticator.get(request));
    const pair = await h.handlers.loginMfaWithPasskey({ mfaToken, credentialJson: assertion }, as());
    expect(pair).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    const [row] = await passkeyRows(user.userId);
    expect(Number(row.sign_count)).toBe(1);
    expect(Math.abs(new Date(row.last_used_at).getTime() - h.clock.now().getTime())).toBeLessThan(5_000);
    expect((await h.handlers.listPasskeys({}, as(user.principal))).items[0].lastUsedAt).toBe(new Date(row.last_used_at).toISOString());

    // The same assertion with a new mfaToken: its challenge belongs to another, used, mfaToken.
    const second = await mfaTokenOf(user.email);
    const replay = await errorOf(h.handlers.loginMfaWithPasskey({ mfaToken: second.mfaToken, credentialJson: assertion }, as()));
    expect(replay.code).toBe('WEBAUTHN_VERIFICATION_FAILED');
    expect(replay.extensions.attemptsRemaining).toBe(4);
    expect(Number((await passkeyRows(user.userId))[0].sign_count)).toBe(1);
    // The used mfaToken is gone.
    expect(await codeOf(h.handlers.loginMfaWithPasskey({ mfaToken, credentialJson: assertion }, as()))).toBe('MFA_CHALLENGE_INVALID');
  });

  it('refuses a forged signature, a stranger credential, a counter that did not go up and a spent challenge, issuing no tokens', async () => {
    const { user, authenticator } = await withPasskey();
    // One good use: the stored counter is 1.
    const first = await stepUpOptions(user.principal);
    await h.handlers.stepUpWithPasskey({ action: 'MfaManage', credentialJson: JSON.stringify(authenticator.get(first)) }, as(user.principal));
    const { mfaToken } = await mfaTokenOf(user.email);
    const countSessions = async () => (await h.db('sessions').where({ user_id: user.userId })).length;
    const sessionsBefore = await countSessions();
    const stranger = authenticatorFor();
    stranger.create(options((await h.handlers.startPasskeyRegistration({}, as(user.principal))).optionsJson));

    const attempts = [
      { signWith: SoftwareAuthenticator.strangerKey() },
      { credentialId: stranger.credentialIds[0], from: stranger },
      { signCount: 1 },
      { origin: 'https://evil.example' },
    ];
    const remaining: unknown[] = [];
    let request: Record<string, unknown> & { challenge: string } = { challenge: '' };
    for (const { from, ...tweaks } of attempts) {
      request = options((await h.handlers.startPasskeyLogin({ mfaToken }, as())).optionsJson);
      const assertion = (from ?? authenticator).get(request, tweaks);
      const refused = await errorOf(h.handlers.loginMfaWithPasskey({ mfaToken, credentialJson: JSON.stringify(assertion) }, as()));
      expect(refused.code).toBe('WEBAUTHN_VERIFICATION_FAILED');
      expect(refused.status).toBe(400);
      remaining.push(refused.extensions.attemptsRemaining);
    }
    // A good assertion for the spent challenge of the last attempt: refused as well, the fifth failure.
    const spent = await errorOf(h.handlers.loginMfaWithPasskey({ mfaToken, credentialJson: JSON.stringify(authenticator.get(request)) }, as()));
    expect(spent.code).toBe('WEBAUTHN_VERIFICATION_FAILED');
    expect([...remaining, spent.extensions.attemptsRemaining]).toEqual([4, 3, 2, 1, 0]);
    expect(Number((await passkeyRows(user.userId))[0].sign_count)).toBe(1);
    expect(await countSessions()).toBe(sessionsBefore);
    // Five failures burnt the mfaToken.
    expect(await codeOf(h.handlers.startPasskeyLogin({ mfaToken }, as()))).toBe('MFA_CHALLENGE_INVALID');
  });
});

describe('step-up with a passkey', () => {
  it('issues a token for the action the options were asked for', async () => {
    const { user, authenticator } = await withPasskey();
    const request = await stepUpOptions(user.principal, 'UnlinkIdentity');
    const assertion = JSON.stringify(authenticator.get(request));
    // Options for UnlinkIdentity do not step up for MfaManage (and are not spent by asking).
    expect(await codeOf(h.handlers.stepUpWithPasskey({ action: 'MfaManage', credentialJson: assertion }, as(user.principal)))).toBe('ACTION_MISMATCH');
    const token = await h.handlers.stepUpWithPasskey({ action: 'UnlinkIdentity', credentialJson: assertion }, as(user.principal));
    expect(token).toMatchObject({ action: 'UnlinkIdentity', stepUpToken: expect.any(String) });
    const replay = await errorOf(h.handlers.stepUpWithPasskey({ action: 'UnlinkIdentity', credentialJson: assertion }, as(user.principal)));
    expect(replay.code).toBe('WEBAUTHN_VERIFICATION_FAILED');
    expect(await h.db('step_up_tokens').where({ user_id: user.userId, action: 'UnlinkIdentity' })).toHaveLength(1);
  });

  it("refuses another user's challenge and a user without MFA", async () => {
    const { user, authenticator } = await withPasskey();
    const other = await withPasskey();
    const theirs = await stepUpOptions(other.user.principal);
    const assertion = JSON.stringify(authenticator.get({ ...theirs, allowCredentials: [] }));
    expect(await codeOf(h.handlers.stepUpWithPasskey({ action: 'MfaManage', credentialJson: assertion }, as(user.principal)))).toBe(
      'WEBAUTHN_VERIFICATION_FAILED',
    );
    const plain = await signUp(h);
    expect(await codeOf(h.handlers.startPasskeyStepUp({ action: 'MfaManage' }, as(plain.principal)))).toBe('MFA_NOT_ENABLED');
    expect(await codeOf(h.handlers.stepUpWithPasskey({ action: 'MfaManage', credentialJson: assertion }, as(plain.principal)))).toBe('MFA_NOT_ENABLED');
  });
});

describe('managing passkeys', () => {
  it('lists, renames and deletes (with a step-up); another user cannot touch them', async () => {
    const { user, passkey } = await withPasskey('Phone');
    const stranger = await withPasskey();
    expect((await h.handlers.listPasskeys({}, as(user.principal))).items).toEqual([passkey]);
    await expect(h.handlers.renamePasskey({ passkeyId: passkey.id, name: 'Old phone' }, as(user.principal))).resolves.toMatchObject({ name: 'Old phone' });
    const empty = await errorOf(h.handlers.renamePasskey({ passkeyId: passkey.id, name: '  ' }, as(user.principal)));
    expect(empty.code).toBe('VALIDATION_FAILED');
    expect(await codeOf(h.handlers.renamePasskey({ passkeyId: passkey.id, name: 'Mine' }, as(stranger.user.principal)))).toBe('NOT_FOUND');
    expect((await passkeyRows(user.userId))[0].name).toBe('Old phone');

    expect(await codeOf(h.handlers.deletePasskey({ passkeyId: passkey.id, stepUpToken: '' }, as(user.principal)))).toBe('STEP_UP_REQUIRED');
    const token = await stepUpByEmail(h, stranger.user.principal, stranger.user.email);
    expect(await codeOf(h.handlers.deletePasskey({ passkeyId: passkey.id, stepUpToken: token }, as(stranger.user.principal)))).toBe('NOT_FOUND');
    expect(await passkeyRows(user.userId)).toHaveLength(1);
    // The stranger's token was not used up by the refusal.
    expect(await h.db('step_up_tokens').where({ user_id: stranger.user.userId }).whereNull('used_at')).toHaveLength(1);

    const mine = await stepUpByEmail(h, user.principal, user.email);
    await expect(h.handlers.deletePasskey({ passkeyId: passkey.id, stepUpToken: mine }, as(user.principal))).resolves.toEqual({});
    expect(await passkeyRows(user.userId)).toHaveLength(0);
    expect(await h.handlers.getMfaStatus({}, as(user.principal))).toMatchObject({ enabled: true, hasPasskeys: false });
    expect((await mfaTokenOf(user.email)).mfaMethods).toEqual(['totp', 'recovery_code']);
  });

  it('disabling MFA removes the passkeys and their challenges', async () => {
    const { user } = await withPasskey();
    await h.handlers.startPasskeyStepUp({ action: 'MfaManage' }, as(user.principal));
    const token = await stepUpByEmail(h, user.principal, user.email);
    await expect(h.handlers.disableMfa({ stepUpToken: token }, as(user.principal))).resolves.toMatchObject({ enabled: false, hasPasskeys: false });
    expect(await passkeyRows(user.userId)).toHaveLength(0);
    expect(await h.db('webauthn_challenges').where({ user_id: user.userId })).toHaveLength(0);
  });
});

describe('where passkeys are not enabled', () => {
  it('every passkey operation answers INVALID_OPERATION and changes nothing', async () => {
    const off = await startIdentity();
    try {
      const user = await signUp(off);
      await enableMfa(off, user);
      const token = await stepUpByEmail(off, user.principal, user.email);
      const calls = [
        off.handlers.listPasskeys({}, as(user.principal)),
        off.handlers.startPasskeyRegistration({}, as(user.principal)),
        off.handlers.completePasskeyRegistration({ stepUpToken: token, credentialJson: '{}' }, as(user.principal)),
        off.handlers.renamePasskey({ passkeyId: '00000000-0000-4000-8000-000000000000', name: 'x' }, as(user.principal)),
        off.handlers.deletePasskey({ passkeyId: '00000000-0000-4000-8000-000000000000', stepUpToken: token }, as(user.principal)),
        off.handlers.startPasskeyStepUp({ action: 'MfaManage' }, as(user.principal)),
        off.handlers.stepUpWithPasskey({ action: 'MfaManage', credentialJson: '{}' }, as(user.principal)),
        off.handlers.startPasskeyLogin({ mfaToken: 'x' }, as()),
        off.handlers.loginMfaWithPasskey({ mfaToken: 'x', credentialJson: '{}' }, as()),
      ];
      for (const call of calls) {
        const error = await errorOf(call);
        expect(error.code).toBe('INVALID_OPERATION');
        expect(error.detail).toBe('Passkeys are not enabled in this environment.');
      }
      expect(await off.db('webauthn_challenges')).toHaveLength(0);
      expect(await off.db('step_up_tokens').where({ user_id: user.userId }).whereNull('used_at')).toHaveLength(1);
      expect(await off.handlers.getMfaStatus({}, as(user.principal))).toMatchObject({ hasPasskeys: false, methods: ['totp', 'recovery_code'] });
    } finally {
      await off.close();
    }
  });
});
