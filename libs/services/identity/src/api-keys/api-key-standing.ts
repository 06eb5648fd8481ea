import type { ProblemCode } from '@mp/problems';

export type ApiKeyStatus = 'active' | 'revoked' | 'deleted';

export interface StoredApiKeyState {
  status: ApiKeyStatus;
  expiresAt: Date | null;
  accountStatus: string;
}

/**
 * Why a presented key may not be used, or null when it may. Deleted and
 * revoked are final and reported before expiry; the account is checked last
 * because the key itself being dead is the more useful answer.
 */
export function apiKeyRefusal(key: StoredApiKeyState | undefined, now: Date): ProblemCode | null {
  if (!key) return 'API_KEY_INVALID';
  if (key.status === 'deleted') return 'API_KEY_DELETED';
  if (key.status === 'revoked') return 'API_KEY_REVOKED';
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'API_KEY_EXPIRED';
  if (key.accountStatus !== 'active') return 'ACCOUNT_INACTIVE';
  return null;
}
