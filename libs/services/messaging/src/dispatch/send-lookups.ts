import type { consentV1, routingV1 } from '@mp/contracts';
import type { Clock } from '@mp/clock';
import { DomainError, type ProblemCode } from '@mp/problems';
import { hasExpired } from '../messages/expiry';
import type { MessageRow } from '../messages/message.types';
import type { MessagingClients } from '../messaging-clients';

/** What a try asks of routing and consent: the attempt's sender, then whether it may go to the recipient. */
export interface SendLookups {
  chooseSender(message: MessageRow): Promise<routingV1.ChooseSenderResponse>;
  checkPermission(message: MessageRow, fromAddress: string): Promise<consentV1.CheckSendPermissionResponse>;
}

// Background work has no customer (even when a sandbox clock advance runs it): messaging asks as itself.
const AS_SERVICE = { asService: true };

const scopeOf = (message: MessageRow) => ({ accountId: message.account_id, subaccountId: message.subaccount_id ?? undefined });
const senderRequest = (m: MessageRow): routingV1.ChooseSenderRequest => ({ ...scopeOf(m), channelType: m.channel_type, destination: m.destination });
const permissionRequest = (m: MessageRow, fromAddress: string): consentV1.CheckSendPermissionRequest => ({
  ...scopeOf(m),
  channelType: m.channel_type,
  recipient: m.destination,
  fromAddress,
});

/** routing's refusal of one item, as the single call's error would reach messaging (dispatch reads its `code`). */
const refusal = (choice: routingV1.SenderChoice | undefined) =>
  choice?.errorCode ? new DomainError(choice.errorCode as ProblemCode, choice.errorMessage ?? '') : new Error('routing gave no answer for this message');

type Answer<T> = { value: T } | { error: unknown };
const settle = <T>(answer: Answer<T> | undefined, what: string): Promise<T> => {
  if (!answer) return Promise.reject(new Error(`no ${what} was asked for this message`));
  return 'value' in answer ? Promise.resolve(answer.value) : Promise.reject(answer.error);
};

/**
 * The answers for a chunk of claimed messages, asked up front in one call to routing
 * (ChooseSenders) and one to consent (CheckSendPermissions) instead of two per message. Each try
 * then reads its own answer exactly as it would have read the single call's, errors included.
 * Messages already expired are left out: their try ends before asking anything.
 */
export async function batchLookups(clients: MessagingClients, clock: Clock, messages: MessageRow[]): Promise<SendLookups> {
  const live = messages.filter((m) => !hasExpired(m, clock.now()));
  const senders = new Map<string, Answer<routingV1.ChooseSenderResponse>>();
  const permissions = new Map<string, Answer<consentV1.CheckSendPermissionResponse>>();
  if (live.length > 0) {
    try {
      const { choices } = await clients.routing.chooseSenders({ requests: live.map(senderRequest) }, AS_SERVICE);
      live.forEach((m, i) => {
        const choice = choices[i];
        senders.set(
          m.id,
          choice?.sender
            ? { value: choice.sender }
            : { error: refusal(choice) },
        );
      });
    } catch (error) {
      for (const m of live) senders.set(m.id, { error }); // routing unreachable: every try waits, as with the single call
    }
  }
  const withSender = live.flatMap((m) => {
    const answer = senders.get(m.id);
    return answer && 'value' in answer && answer.value.fromAddress ? [{ message: m, fromAddress: answer.value.fromAddress }] : [];
  });
  if (withSender.length > 0) {
    try {
      const { results } = await clients.consent.checkSendPermissions(
        { requests: withSender.map(({ message, fromAddress }) => permissionRequest(message, fromAddress)) },
        AS_SERVICE,
      );
      withSender.forEach(({ message }, i) => {
        const result = results[i];
        permissions.set(message.id, result ? { value: result } : { error: new Error('consent gave no answer for this message') });
      });
    } catch (error) {
      for (const { message } of withSender) permissions.set(message.id, { error });
    }
  }
  return {
    chooseSender: (message) => settle(senders.get(message.id), 'sender'),
    checkPermission: (message) => settle(permissions.get(message.id), 'consent check'),
  };
}
