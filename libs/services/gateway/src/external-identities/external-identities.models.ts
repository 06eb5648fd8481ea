/** An id token of a configured issuer. */
export interface ExternalLoginRequest {
  /**
   * Name of a configured OpenID Connect issuer (`EXTERNAL_IDENTITY_PROVIDERS`), e.g. `google`.
   * @maxLength 100
   */
  provider: string;
  /**
   * An OpenID Connect id token from that issuer (compact JWS, RS256, ES256 or EdDSA)
   * whose `aud` is the platform's client id there. Exchange it right after sign-in:
   * tokens issued over an hour ago are refused.
   * @maxLength 16384
   */
  idToken: string;
}

/** An identity at an OpenID Connect issuer linked to the user. */
export interface ExternalIdentityResource {
  identityId: string;
  provider: string;
  /** The issuer's `sub`. */
  subject: string;
  /** The email the id token carried when the identity was linked. */
  email: string | null;
  linkedAt: string;
  /** Set on the identity answered by unlink. */
  unlinkedAt: string | null;
}

/** The external identities linked to the signed-in user. */
export interface ExternalIdentityList {
  items: ExternalIdentityResource[];
}

/** The provider whose identity to unlink. */
export interface UnlinkRequest {
  /**
   * The provider whose identity to unlink from the signed-in user.
   * @maxLength 100
   */
  provider: string;
  /**
   * Ignored: the password field was removed from unlink (changelog 2026-10-06);
   * the `UnlinkIdentity` step-up token is the proof. Accepted so older clients
   * keep working; never checked.
   * @deprecated
   */
  password?: unknown;
}
