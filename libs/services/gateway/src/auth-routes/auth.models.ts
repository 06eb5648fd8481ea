/** A new account and its first user (its Admin). */
export interface RegisterRequest {
  /**
   * @format email
   * @maxLength 254
   */
  email: string;
  /**
   * 8 to 256 characters.
   * @maxLength 256
   */
  password: string;
  /**
   * At most 200 characters.
   * @maxLength 200
   */
  organizationName: string;
}

/** The new account, pending email verification. */
export interface RegisterResponse {
  accountId: string;
  userId: string;
  /** `pending` until the email address is verified. */
  status: string;
}

/** The token from the verification email. */
export interface VerifyEmailRequest {
  /**
   * The token from the verification email.
   * @maxLength 512
   */
  token: string;
}

/** The verified account. */
export interface VerifyEmailResponse {
  accountId: string;
  status: string;
}

/** Email and password. */
export interface LoginRequest {
  /** @maxLength 254 */
  email: string;
  /** @maxLength 1024 */
  password: string;
}

/** An access token and its refresh token. */
export interface TokenResponse {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  tokenType: string;
}

/** The refresh token to rotate. */
export interface RefreshRequest {
  /** @maxLength 512 */
  refreshToken: string;
}

/** The signed-in user. */
export interface CurrentUser {
  userId: string;
  accountId: string;
  email: string;
  role: string;
  subaccountId: string | null;
  status: string;
  mfaEnabled: boolean;
  createdAt: string;
}
