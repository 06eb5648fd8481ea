/** Channel types a number or sender address can serve (spec 2.1). */
export const CHANNEL_TYPES = ['Sms', 'WhatsApp', 'Email'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export function isChannelType(value: string): value is ChannelType {
  return (CHANNEL_TYPES as readonly string[]).includes(value);
}

/** A sending identity: an E.164 number (Sms, WhatsApp) or an email sender address (Email). */
export interface SenderNumber {
  numberId: string;
  accountId: string;
  subaccountId?: string;
  address: string;
  channelTypes: ChannelType[];
  status: 'active' | 'released';
  createdAt: Date;
  /** Provisioned in sandbox: instantly, and ready to send. */
  sandbox: boolean;
  /** The 10DLC campaign a production long code is assigned to. */
  campaignId?: string;
  /** Times ChooseSender picked it from a pool (LeastUsed compares these). */
  useCount: number;
  /** The pool it is in, when listed with its membership. */
  poolId?: string;
}

/**
 * Ready to send from a rotation pool (spec 4.5): a sandbox number, an email
 * sender address, or a production long code assigned to a 10DLC campaign.
 */
export function isReadyToSend(n: Pick<SenderNumber, 'sandbox' | 'campaignId' | 'channelTypes'>): boolean {
  if (n.sandbox) return true;
  if (n.channelTypes.every((c) => c === 'Email')) return true;
  return n.campaignId !== undefined;
}

/** The 7 digits a sandbox number gets from its sequence value, zero-padded. */
export function sandboxPhoneNumber(prefix: string, sequenceValue: number): string {
  if (!Number.isInteger(sequenceValue) || sequenceValue < 0 || sequenceValue > 9_999_999) {
    throw new RangeError(`sandbox number sequence value out of range: ${sequenceValue}`);
  }
  return `${prefix}${String(sequenceValue).padStart(7, '0')}`;
}

/** `sender-<8 hex>@<domain>`. */
export function sandboxSenderAddress(hex8: string, domain: string): string {
  return `sender-${hex8}@${domain.toLowerCase()}`;
}
