export type RefreshDecision =
  /** Not a token we issued: INVALID_TOKEN. */
  | 'unknown'
  /** Its family was already revoked (logout, earlier reuse): TOKEN_REVOKED. */
  | 'family-revoked'
  /**
   * Already rotated, so someone is replaying an old token: either the client
   * or a thief holds a copy. Revoke the whole family (the newer token too)
   * and answer TOKEN_REVOKED; the legitimate user signs in again.
   */
  | 'reuse'
  /** Past its lifetime: TOKEN_EXPIRED. */
  | 'expired'
  /** Mark it used and issue the next pair of the same family. */
  | 'rotate';

export interface PresentedRefreshToken {
  usedAt: Date | null;
  expiresAt: Date;
  sessionRevokedAt: Date | null;
}

/**
 * What presenting a refresh token leads to. Reuse is checked before expiry
 * so that an old, rotated token still burns its family even after it expired.
 */
export function decideRefresh(token: PresentedRefreshToken | undefined, now: Date): RefreshDecision {
  if (!token) return 'unknown';
  if (token.sessionRevokedAt) return 'family-revoked';
  if (token.usedAt) return 'reuse';
  if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'rotate';
}
