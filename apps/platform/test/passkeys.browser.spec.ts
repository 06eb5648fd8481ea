import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { signUp } from './support/journeys';
import { enableMfa, stepUpWithAuthenticator } from './support/mfa-journeys';
import { bootPlatform, type BootedPlatform } from './support/platform-fixture';

/**
 * Passkeys in a real browser: headless Chromium with a CDP virtual
 * authenticator registers a passkey and signs in with it through a minimal
 * page. The page's origin must be the configured WebAuthn origin, so this
 * test serves the page itself and forwards /v1 to the gateway (same origin,
 * no CORS needed).
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The page: base64url <-> ArrayBuffer, then the two ceremonies against /v1. */
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Passkeys</title></head><body>
<p id="state">ready</p>
<script>
const toBytes = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4)), (c) => c.charCodeAt(0));
const toB64url = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');

async function call(method, path, { token, stepUpToken, body } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = 'Bearer ' + token;
  if (stepUpToken) headers['x-step-up-token'] = stepUpToken;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function registerPasskey(accessToken, stepUpToken, name) {
  const options = await call('POST', '/v1/auth/mfa/webauthn/register/options', { token: accessToken });
  if (options.status !== 200) return { step: 'options', ...options };
  const o = options.body;
  const created = await navigator.credentials.create({ publicKey: {
    ...o,
    challenge: toBytes(o.challenge),
    user: { ...o.user, id: toBytes(o.user.id) },
    excludeCredentials: (o.excludeCredentials || []).map((c) => ({ ...c, id: toBytes(c.id) })),
  } });
  const credential = {
    id: created.id,
    rawId: toB64url(created.rawId),
    type: created.type,
    response: {
      clientDataJSON: toB64url(created.response.clientDataJSON),
      attestationObject: toB64url(created.response.attestationObject),
      transports: created.response.getTransports ? created.response.getTransports() : [],
    },
    clientExtensionResults: created.getClientExtensionResults(),
    authenticatorAttachment: created.authenticatorAttachment,
  };
  const done = await call('POST', '/v1/auth/mfa/webauthn/register/complete', { token: accessToken, stepUpToken, body: { credential, name } });
  document.getElementById('state').textContent = 'registered';
  return { step: 'complete', ...done };
}

async function signIn(email, password) {
  const login = await call('POST', '/v1/auth/login', { body: { email, password } });
  if (login.status !== 401 || login.body.code !== 'MFA_REQUIRED') return { step: 'login', ...login };
  const mfaToken = login.body.mfaToken;
  const options = await call('POST', '/v1/auth/login/mfa/webauthn/options', { body: { mfaToken } });
  if (options.status !== 200) return { step: 'options', ...options };
  const o = options.body;
  const assertion = await navigator.credentials.get({ publicKey: {
    ...o,
    challenge: toBytes(o.challenge),
    allowCredentials: (o.allowCredentials || []).map((c) => ({ ...c, id: toBytes(c.id) })),
  } });
  const credential = {
    id: assertion.id,
    rawId: toB64url(assertion.rawId),
    type: assertion.type,
    response: {
      clientDataJSON: toB64url(assertion.response.clientDataJSON),
      authenticatorData: toB64url(assertion.response.authenticatorData),
      signature: toB64url(assertion.response.signature),
      userHandle: assertion.response.userHandle ? toB64url(assertion.response.userHandle) : undefined,
    },
    clientExtensionResults: assertion.getClientExtensionResults(),
    authenticatorAttachment: assertion.authenticatorAttachment,
  };
  const done = await call('POST', '/v1/auth/login/mfa', { body: { mfaToken, method: 'webauthn', credential } });
  document.getElementById('state').textContent = 'signed in';
  return { step: 'login/mfa', mfaMethods: login.body.mfaMethods, ...done };
}
</script></body></html>`;

/** What the page's script defines, as called from page.evaluate. */
interface PageScript {
  registerPasskey(accessToken: string, stepUpToken: string, name: string): Promise<unknown>;
  signIn(email: string, password: string): Promise<unknown>;
}

let booted: BootedPlatform;
let site: Server;
let origin: string;
let browser: Browser;
let page: Page;

/** Serves the page at / and forwards /v1/... to the gateway. */
function startSite(): Promise<Server> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/v1/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      return;
    }
    const target = new URL(req.url, booted.platform.url);
    const upstream = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  // The port is known before the platform boots: the origin goes into its configuration.
  site = await startSite();
  origin = `http://localhost:${(site.address() as AddressInfo).port}`;
  booted = await bootPlatform({ WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_ORIGINS: origin });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  await page.goto(`${origin}/`);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  await booted?.stop();
});

describe('passkeys in headless Chromium', () => {
  it('registers a passkey with the virtual authenticator, then signs in with it', async () => {
    const user = await signUp(booted.api, 'browser-passkey');
    const { secret } = await enableMfa(booted.api, user);
    const stepUpToken = await stepUpWithAuthenticator(booted.api, user.accessToken, secret, 'MfaManage');

    const registered = await page.evaluate(
      ([accessToken, token]) => (globalThis as unknown as PageScript).registerPasskey(accessToken, token, 'Chromium'),
      [user.accessToken, stepUpToken],
    );
    expect(registered).toMatchObject({ step: 'complete', status: 201, body: { name: 'Chromium', id: expect.any(String) } });
    const status = await booted.api.get('/v1/auth/mfa', { token: user.accessToken });
    expect(status.body).toMatchObject({ enabled: true, hasPasskeys: true });

    const signedIn = await page.evaluate(
      ([email, password]) => (globalThis as unknown as PageScript).signIn(email, password),
      [user.email, user.password],
    );
    expect(signedIn).toMatchObject({
      step: 'login/mfa',
      mfaMethods: ['totp', 'recovery_code', 'webauthn'],
      status: 200,
      body: { accessToken: expect.any(String), refreshToken: expect.any(String) },
    });
    const token = (signedIn as { body: { accessToken: string } }).body.accessToken;
    expect((await booted.api.get('/v1/auth/me', { token })).status).toBe(200);
    const list = await booted.api.get('/v1/auth/mfa/webauthn', { token: user.accessToken });
    expect(list.body.items).toEqual([expect.objectContaining({ name: 'Chromium', lastUsedAt: expect.any(String) })]);
    expect(await page.textContent('#state')).toBe('signed in');
  });
});
