/** A right an API key holds (DECISIONS "Accounts"). */
export type ApiKeyRight =
  | 'SendMessages'
  | 'ReadMessages'
  | 'ManageWebhooks'
  | 'ManageRouting'
  | 'ReadRecipientConsent'
  | 'ManageRecipientConsent';

/** A new API key: its name, rights, optional subaccount and expiry. */
export interface CreateApiKeyRequest {
  /**
   * 1 to 100 characters.
   * @maxLength 100
   */
  name: string;
  /**
   * Defaults to SendMessages and ReadMessages.
   * @maxItems 6
   */
  rights?: ApiKeyRight[];
  /**
   * Limits the key to one subaccount.
   * @maxLength 64
   */
  subaccountId?: string | null;
  /**
   * When the key stops working: ISO-8601 with offset, in the future (identity checks it and names the field).
   * @maxLength 64
   */
  expiresAt?: string | null;
}

/** A key's new name or rights; a field left out keeps its value. */
export interface UpdateApiKeyRequest {
  /**
   * 1 to 100 characters.
   * @maxLength 100
   */
  name?: string;
  /**
   * The key's rights, replacing the ones it holds (each at most once: there are six).
   * @maxItems 6
   */
  rights?: ApiKeyRight[];
}

/** An API key (the key itself is shown only on creation). */
export interface ApiKeyResource {
  apiKeyId: string;
  name: string;
  rights: ApiKeyRight[];
  subaccountId: string | null;
  expiresAt: string | null;
  /** `active`, `revoked` or `expired`. */
  status: string;
  /** First characters of the key, to recognise it. */
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

/** The new key, with the key itself (shown only in this answer). */
export interface CreatedApiKeyResource extends ApiKeyResource {
  /** The key itself. Shown only in this response; store it now. */
  key: string;
}

/** The account's API keys. */
export interface ApiKeyList {
  items: ApiKeyResource[];
}
