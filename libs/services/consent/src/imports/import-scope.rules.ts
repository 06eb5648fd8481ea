import { addFieldError, throwIfInvalid, type FieldErrors } from '@mp/paging';
import { DomainError } from '@mp/problems';
import type { ConsentBase } from '../access/consent-reach.rules';
import { given, readAccountScope, SCOPE_ON_SUBACCOUNT_ROUTE } from '../opt-outs/consent-fields.rules';
import { ACCOUNT_SCOPES, type OptOutScope } from '../opt-outs/opt-out';

export const IMPORT_SCOPE_REQUIRED_DETAIL = `An opt-out import on an account route needs the query scope: ${ACCOUNT_SCOPES.join(' or ')}.`;

/**
 * The scope every opt-out of an import file gets (spec 4.7 rules 1 and 5),
 * from the route, never from the file: `subaccount` on a subaccount route
 * (which takes no scope: VALIDATION_FAILED naming scope when one is given);
 * on an account route the query `scope`, accountLevelOnly or entireAccount
 * (missing: RECIPIENT_OPT_OUT_SCOPE_REQUIRED; anything else: VALIDATION_FAILED
 * naming scope).
 */
export function readImportScope(request: { scope?: string }, base: ConsentBase): OptOutScope {
  const errors: FieldErrors = {};
  if (base.subaccountRoute) {
    if (given(request.scope)) addFieldError(errors, 'scope', SCOPE_ON_SUBACCOUNT_ROUTE);
    throwIfInvalid(errors);
    return 'subaccount';
  }
  if (!given(request.scope)) {
    addFieldError(errors, 'scope', `is required on account routes: ${ACCOUNT_SCOPES.join(' or ')}`);
    throw new DomainError('RECIPIENT_OPT_OUT_SCOPE_REQUIRED', IMPORT_SCOPE_REQUIRED_DETAIL, { errors });
  }
  const scope = readAccountScope(errors, request.scope);
  throwIfInvalid(errors);
  return scope!;
}
