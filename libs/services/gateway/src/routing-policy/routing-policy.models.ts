import type { ChannelType } from '../messages/messages.models';
import type { ChannelName } from '../numbers/numbers.models';

/** A subaccount's routing policy (spec 2.5). */
export interface RoutingPolicyResource {
  subaccountId: string;
  /** First channel tried; also the channel of a send without `channelType` while the policy is enabled. */
  preferredChannelType: ChannelType;
  /** Channels tried after the preferred one, in order, each once. */
  fallbackChain: ChannelType[];
  /** The chain and the two fallback settings apply only while true. */
  isEnabled: boolean;
  /**
   * Seconds to wait for a final receipt before the next channel: 0 (off) or 60 to 86400.
   * @isInt
   */
  receiptTimeoutSeconds: number;
  /** An undelivered receipt moves the message on to the next channel. */
  fallbackOnDeliveryFailure: boolean;
  /** When the policy was last changed; null while the subaccount uses the defaults. */
  updatedAt: string | null;
}

/**
 * Every field optional: a field left out keeps its value (spec 2.5).
 * Checked as a whole against the stored policy: a chain may not name a
 * channel twice or the preferred channel.
 */
export interface UpdateRoutingPolicyRequest {
  preferredChannelType?: ChannelType;
  /**
   * Channels tried after the preferred one, in order: `Sms`, `WhatsApp`,
   * `Email`, each at most once and not the preferred channel. `[]` removes
   * the chain.
   * @maxItems 3
   */
  fallbackChain?: ChannelName[];
  isEnabled?: boolean;
  /**
   * 0 turns the wait off; otherwise 60 to 86400.
   * @isInt
   * @minimum 0
   * @maximum 86400
   */
  receiptTimeoutSeconds?: number;
  fallbackOnDeliveryFailure?: boolean;
}

/** A message to preview the route of. */
export interface RoutePreviewRequest {
  /**
   * The recipient: an E.164 number or an email address.
   * @maxLength 320
   */
  destination: string;
}

/** One channel of the route, in the order it would be tried. */
export interface RoutePreviewStep {
  channelType: ChannelType;
  /** The destination cannot be addressed on this channel (an email address is only Email; a phone number only Sms and WhatsApp): not tried. */
  skipped: boolean;
  skipReason: string | null;
  /** The number this channel's attempt would go from now (its pool's next pick; previewing does not move the rotation). */
  fromAddress: string | null;
  numberId: string | null;
  /** The pool the number would come from. */
  poolId: string | null;
  /** Why there is no sender (none provisioned for the channel, or none ready in its pool); the attempt would be refused and the route move on. */
  noSenderReason: string | null;
  /** The recipient's consent blocks this channel (an opt-out, or a STOP to this number). */
  blockedByConsent: boolean;
  consentReason: string | null;
}

/** What a send to `destination` through this subaccount would do now (spec 4.5). */
export interface RoutePreview {
  subaccountId: string;
  destination: string;
  /** Disabled: only the preferred channel is tried. */
  policyEnabled: boolean;
  steps: RoutePreviewStep[];
  /** The first channel the message would go out on (not skipped, with a sender, not blocked); null when none. */
  firstSendableChannelType: ChannelType | null;
}
