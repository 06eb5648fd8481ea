import type { consentV1 } from '@mp/contracts';
import { addFieldError, throwIfInvalid, type FieldErrors } from '@mp/paging';
import { DomainError } from '@mp/problems';
import type { ConsentBase } from '../access/consent-reach.rules';
import { given, MAX_REASON_LENGTH, readAccountScope, readChannel, readOptionalText, readRecipient, SCOPE_ON_SUBACCOUNT_ROUTE } from './consent-fields.rules';
import { ACCOUNT_SCOPES, type Channel, type OptOutScope } from './opt-out';

export interface OptOutToRecord {
  recipient: string;
  channel: Channel;
  reason: string | null;
  scope: OptOutScope;
}

export const SCOPE_REQUIRED_DETAIL = `An opt-out recorded on an account route needs scope: ${ACCOUNT_SCOPES.join(' or ')}.`;

/**
 * POST .../opt-out, every field at once (spec 4.7 rule 1). On an account
 * route a missing scope is RECIPIENT_OPT_OUT_SCOPE_REQUIRED (its `errors` also
 * names any other bad field); any other problem is VALIDATION_FAILED naming
 * each field. A subaccount route takes no scope: its opt-outs are `subaccount`.
 */
export function readOptOutToRecord(request: consentV1.RecordOptOutRequest, base: ConsentBase): OptOutToRecord {
  const errors: FieldErrors = {};
  const channel = readChannel(errors, 'channelType', request.channelType);
  const recipient = readRecipient(errors, 'recipient', request.recipient, channel);
  const reason = readOptionalText(errors, 'reason', request.reason, MAX_REASON_LENGTH);
  let scope: OptOutScope | undefined = 'subaccount';
  if (base.subaccountRoute) {
    if (given(request.scope)) addFieldError(errors, 'scope', SCOPE_ON_SUBACCOUNT_ROUTE);
  } else if (!given(request.scope)) {
    addFieldError(errors, 'scope', `is required on account routes: ${ACCOUNT_SCOPES.join(' or ')}`);
    throw new DomainError('RECIPIENT_OPT_OUT_SCOPE_REQUIRED', SCOPE_REQUIRED_DETAIL, { errors });
  } else {
    scope = readAccountScope(errors, request.scope);
  }
  throwIfInvalid(errors);
  return { recipient: recipient!, channel: channel!, reason, scope: scope! };
}
