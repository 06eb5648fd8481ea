import type { consentV1 } from '@mp/contracts';
import { isUuid, reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { blockReason, type SendAttempt } from './send-block-rule';
import { decideSends } from './send-decision';

/**
 * "May this attempt be sent?", asked by messaging before every channel attempt
 * (spec 4.2, 4.7), with the ledger entry that decided it: the batch of one of
 * checkSendPermissions.
 */
export async function checkSendPermission(
  db: Knex,
  principal: Principal,
  request: consentV1.CheckSendPermissionRequest,
): Promise<consentV1.CheckSendPermissionResponse> {
  const [answer] = await answerAttempts(db, [reachableAttempt(principal, request)]);
  return answer;
}

/**
 * CheckSendPermission for many attempts (messaging's dispatcher batches
 * them): one answer per request, in request order, each the one
 * CheckSendPermission gives, read with a fixed number of statements. A
 * request it would refuse refuses the batch: VALIDATION_FAILED naming the
 * fields `requests[i].<field>`, or the NOT_FOUND of one out of reach.
 */
export async function checkSendPermissions(
  db: Knex,
  principal: Principal,
  requests: readonly consentV1.CheckSendPermissionRequest[],
): Promise<consentV1.CheckSendPermissionsResponse> {
  const invalid: Record<string, string[]> = {};
  requests.forEach((request, i) => {
    for (const [field, messages] of Object.entries(fieldErrors(request))) invalid[`requests[${i}].${field}`] = messages;
  });
  if (Object.keys(invalid).length > 0) throw DomainError.validation(invalid);
  const attempts = requests.map((request) => reachableAttempt(principal, request));
  return { results: await answerAttempts(db, attempts) };
}

async function answerAttempts(db: Knex, attempts: readonly SendAttempt[]): Promise<consentV1.CheckSendPermissionResponse[]> {
  const decisions = await decideSends(db, attempts);
  return decisions.map(({ blocking, decidedByEntryId }) =>
    blocking ? { allowed: false, reason: blockReason(blocking), decidedByEntryId } : { allowed: true, decidedByEntryId },
  );
}

/** The attempt, valid, and one the caller may ask about. */
function reachableAttempt(principal: Principal, request: consentV1.CheckSendPermissionRequest): SendAttempt {
  const attempt = validAttempt(request);
  // Messaging's dispatch job asks as itself; a customer asks only about its own account and subaccount.
  reachAccount(principal, { accountId: attempt.accountId, subaccountId: attempt.subaccountId ?? undefined, accountWide: true });
  return attempt;
}

function fieldErrors(request: consentV1.CheckSendPermissionRequest): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!isUuid(request.accountId)) errors.accountId = ['must be a uuid'];
  if (request.subaccountId && !isUuid(request.subaccountId)) errors.subaccountId = ['must be a uuid'];
  if (!request.channelType?.trim()) errors.channelType = ['is required'];
  if (!request.recipient?.trim()) errors.recipient = ['is required'];
  return errors;
}

function validAttempt(request: consentV1.CheckSendPermissionRequest): SendAttempt {
  const errors = fieldErrors(request);
  if (Object.keys(errors).length > 0) throw DomainError.validation(errors);
  return {
    accountId: request.accountId,
    subaccountId: request.subaccountId || null,
    channelType: request.channelType,
    recipient: request.recipient,
    fromAddress: request.fromAddress || null,
  };
}
