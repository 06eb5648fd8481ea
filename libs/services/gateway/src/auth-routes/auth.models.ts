export interface RegisterRequest {
  /**
   * @format email
   * @maxLength 254
   */
  email: string;
  /** @maxLength 1024 */
  password: string;
  /** @maxLength 400 */
  organizationName: string;
}

export interface RegisterResponse {
  accountId: string;
  userId: string;
  /** `pending` until the email address is verified. */
  status: string;
}

export interface VerifyEmailRequest {
  /**
   * The token from the verification email.
   * @maxLength 512
   */
  token: string;
}

export interface VerifyEmailResponse {
  accountId: string;
  status: string;
}

export interface LoginRequest {
  /** @maxLength 254 */
  email: string;
  /** @maxLength 1024 */
  password: string;
}

export interface TokenResponse {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  tokenType: string;
}

export interface RefreshRequest {
  /** @maxLength 512 */
  refreshToken: string;
}

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
