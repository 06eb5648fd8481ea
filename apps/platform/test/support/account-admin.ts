import type { ApiClient } from './api-client';
import { signUp, type SignedUpUser } from './journeys';
// A type only: suites pass the platform their own `./support/platform-fixture` booted, which the
// Prism run maps to its fixture (contract-proxy.jest.config.js); an import from here would not be.
import type { BootedPlatform } from './platform-fixture';

export interface AdminOnPlatform {
  booted: BootedPlatform;
  api: ApiClient;
  /** An account's Admin, newly signed up: the user who invites the others. */
  admin: SignedUpUser;
}

/** The suites that invite users start from the platform and an account's Admin signed up on it. */
export async function withAdmin(booted: BootedPlatform, tag: string): Promise<AdminOnPlatform> {
  return { booted, api: booted.api, admin: await signUp(booted.api, tag) };
}

/** POST /v1/account/users as `by`: on 201 identity mails the invitee a token (Invitation token: …). */
export const sendInvitation = (api: ApiClient, by: { accessToken: string }, body: { email: string; role: string; subaccountId?: string }) =>
  api.post('/v1/account/users', { token: by.accessToken, body });
