import type { consentV1 } from '@mp/contracts';
import { isUuid, reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { blockReason, type SendAttempt } from './send-block-rule';
import { decideSend } from './send-decision';

/**
 * "May this attempt be sent?", asked by messaging before every channel attempt
 * (spec 4.2, 4.7), with the ledger entry that decided it.
 */
export async function checkSendPermission(
  db: Knex,
  principal: Principal,
  request: consentV1.CheckSendPermissionRequest,
): Promise<consentV1.CheckSendPermissionResponse> {
  const attempt = validAttempt(request);
  // Messaging's dispatch job asks as itself; a customer asks only about its own account and subaccount.
  reachAccount(principal, { accountId: attempt.accountId, subaccountId: attempt.subaccountId ?? undefined, accountWide: true });
  const { blocking, decidedByEntryId } = await decideSend(db, attempt);
  return blocking ? { allowed: false, reason: blockReason(blocking), decidedByEntryId } : { allowed: true, decidedByEntryId };
}

function validAttempt(request: consentV1.CheckSendPermissionRequest): SendAttempt {
  const errors: Record<string, string[]> = {};
  if (!isUuid(request.accountId)) errors.accountId = ['must be a uuid'];
  if (request.subaccountId && !isUuid(request.subaccountId)) errors.subaccountId = ['must be a uuid'];
  if (!request.channelType?.trim()) errors.channelType = ['is required'];
  if (!request.recipient?.trim()) errors.recipient = ['is required'];
  if (Object.keys(errors).length > 0) throw DomainError.validation(errors);
  return {
    accountId: request.accountId,
    subaccountId: request.subaccountId || null,
    channelType: request.channelType,
    recipient: request.recipient,
    fromAddress: request.fromAddress || null,
  };
}
