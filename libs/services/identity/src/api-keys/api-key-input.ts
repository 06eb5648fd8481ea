import { parseTimestamp } from '@mp/paging';
import { FieldErrors } from '@mp/problems';
import { isUuid } from '../shared/ids';
import { resolveRights, type ApiKeyRight } from './api-key-rights';

export const API_KEY_NAME_MAX = 100;

function checkName(errors: FieldErrors, raw: string | undefined): string {
  const name = (raw ?? '').trim();
  if (name === '') errors.add('name', 'is required');
  else if ([...name].length > API_KEY_NAME_MAX) errors.add('name', `must be at most ${API_KEY_NAME_MAX} characters`);
  return name;
}

export interface NewApiKey {
  name: string;
  rights: ApiKeyRight[];
  subaccountId: string | null;
  expiresAt: Date | null;
}

/** Shape checks only; whether the subaccount belongs to the account is the use case's to check. */
export function parseNewApiKey(
  raw: { name?: string; rights?: string[]; rightsGiven?: boolean; subaccountId?: string; expiresAt?: string },
  now: Date,
): NewApiKey {
  const errors = new FieldErrors();
  const name = checkName(errors, raw.name);
  const rights = resolveRights(errors, raw.rights ?? [], raw.rightsGiven ?? false);

  const subaccountId = raw.subaccountId ? raw.subaccountId : null;
  if (subaccountId !== null && !isUuid(subaccountId)) errors.add('subaccountId', 'must be the id of a subaccount of this account');

  let expiresAt: Date | null = null;
  if (raw.expiresAt) {
    // The shared grammar (ISO-8601 with offset), not Date's lenient parsing ("5" is no date).
    expiresAt = parseTimestamp(raw.expiresAt) ?? null;
    if (expiresAt === null) errors.add('expiresAt', 'must be an ISO-8601 date-time with offset, e.g. 2027-01-31T09:00:00Z');
    else if (expiresAt.getTime() <= now.getTime()) errors.add('expiresAt', 'must be in the future');
  }
  errors.throwIfAny();
  return { name, rights, subaccountId, expiresAt };
}

export function parseApiKeyChanges(raw: { name?: string; rights?: string[]; rightsGiven?: boolean }): {
  name?: string;
  rights?: ApiKeyRight[];
} {
  const errors = new FieldErrors();
  const changes: { name?: string; rights?: ApiKeyRight[] } = {};
  if (raw.name !== undefined) changes.name = checkName(errors, raw.name);
  if (raw.rightsGiven) changes.rights = resolveRights(errors, raw.rights ?? [], true);
  errors.throwIfAny();
  return changes;
}
