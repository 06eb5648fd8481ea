import type { repliesV1 } from '@mp/contracts';
import { orNull } from '../common/nullable';
import type { ReplyResource } from './replies.models';

export function toReplyResource(r: repliesV1.InboundMessage): ReplyResource {
  return {
    inboundMessageId: r.inboundMessageId,
    accountId: r.accountId,
    subaccountId: orNull(r.subaccountId),
    channelType: r.channelType as ReplyResource['channelType'],
    from: r.from,
    to: r.to,
    body: r.body,
    receivedAt: r.receivedAt,
    keyword: orNull(r.keyword) as ReplyResource['keyword'],
    inReplyToMessageId: orNull(r.inReplyToMessageId),
    inReplyToClientReference: orNull(r.inReplyToClientReference),
    replyOptionKey: orNull(r.replyOptionKey),
    replyOptionValue: orNull(r.replyOptionValue),
    afterExpiry: r.afterExpiry,
  };
}
