import { createHash, timingSafeEqual } from 'node:crypto';

/** The answer to Meta's verification GET: the challenge echoed, or 403 (nothing else is said to a caller without the token). */
export type HandshakeAnswer = { status: 200; body: string } | { status: 403 };

// Meta's challenge is a number; anything beyond this is not one of Meta's and is not echoed back.
const MAX_CHALLENGE_LENGTH = 256;

/**
 * Meta's subscription handshake (`GET ?hub.mode=subscribe&hub.challenge=…&hub.verify_token=…`):
 * 200 with the challenge when the mode is `subscribe` and the token is ours,
 * else 403. Each parameter must be one string (a repeated parameter, which a
 * query parser gives as an array, is refused). The token is compared in
 * constant time over SHA-256 digests, so neither its content nor its length leaks.
 */
export function answerHandshake(query: Record<string, unknown>, verifyToken: string): HandshakeAnswer {
  const refused = { status: 403 } as const;
  if (typeof query !== 'object' || query === null || typeof verifyToken !== 'string' || verifyToken === '') return refused;
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return refused;
  if (challenge === '' || challenge.length > MAX_CHALLENGE_LENGTH) return refused;
  return sameToken(token, verifyToken) ? { status: 200, body: challenge } : refused;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
const sameToken = (given: string, ours: string) => timingSafeEqual(digest(given), digest(ours));
