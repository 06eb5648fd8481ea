import type { consentV1 } from '@mp/contracts';
import { addFieldError, throwIfInvalid, type FieldErrors } from '@mp/paging';
import type { ConsentBase } from '../access/consent-reach.rules';
import { given, readAccountScope, readChannel, readRecipient, SCOPE_ON_SUBACCOUNT_ROUTE } from '../opt-outs/consent-fields.rules';
import type { AccountScope, Channel } from '../opt-outs/opt-out';

export const CONSENT_METHODS = ['WebForm', 'Written', 'Verbal', 'Text', 'Other'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];
export const MAX_EVIDENCE_LENGTH = 2000;

export interface ResubscribeRequest {
  recipient: string;
  channel: Channel;
  method: ConsentMethod;
  evidence: string;
  /** Account routes: the one account-level scope to lift; absent lifts both. */
  scope?: AccountScope;
}

/** POST .../opt-in (spec 4.7 rule 2): VALIDATION_FAILED naming every bad field at once. */
export function readResubscribeRequest(request: consentV1.OptInRequest, base: ConsentBase): ResubscribeRequest {
  const errors: FieldErrors = {};
  const channel = readChannel(errors, 'channelType', request.channelType);
  const recipient = readRecipient(errors, 'recipient', request.recipient, channel);
  if (request.consentConfirmed !== true) addFieldError(errors, 'consentConfirmed', 'must be true');
  const method = request.consentMethod;
  if (!given(method)) addFieldError(errors, 'consentMethod', `is required: one of ${CONSENT_METHODS.join(', ')}`);
  else if (!(CONSENT_METHODS as readonly string[]).includes(method)) addFieldError(errors, 'consentMethod', `must be one of ${CONSENT_METHODS.join(', ')}`);
  const evidence = request.consentEvidence ?? '';
  if (evidence.trim() === '') addFieldError(errors, 'consentEvidence', 'is required');
  else if ([...evidence].length > MAX_EVIDENCE_LENGTH) addFieldError(errors, 'consentEvidence', `must be at most ${MAX_EVIDENCE_LENGTH} characters`);
  let scope: AccountScope | undefined;
  if (given(request.scope)) {
    if (base.subaccountRoute) addFieldError(errors, 'scope', SCOPE_ON_SUBACCOUNT_ROUTE);
    else scope = readAccountScope(errors, request.scope);
  }
  throwIfInvalid(errors);
  return { recipient: recipient!, channel: channel!, method: method as ConsentMethod, evidence, scope };
}
