import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Request } from 'express';

/** The principal tsoa's authentication put on the request. */
export function principalOf(request: Request): Principal {
  const principal = (request as Request & { user?: Principal }).user;
  if (!principal) throw new DomainError('UNAUTHORIZED', 'Authentication is required.');
  return principal;
}
