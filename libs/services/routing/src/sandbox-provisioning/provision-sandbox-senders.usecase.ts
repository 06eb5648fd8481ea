import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '@mp/clock';
import type { Knex } from 'knex';
import { sandboxPhoneNumber, sandboxSenderAddress, type ChannelType } from '../numbers/number.rules';
import { insertNumberIfAddressFree } from '../numbers/numbers.repository';
import type { RoutingConfig } from '../routing.config';
import { claimSandboxProvisioning, nextSandboxNumberSequence } from './sandbox-provisionings.repository';

// Addresses taken by another account (e.g. after the prefix changed) are skipped; this bounds the search.
const MAX_ADDRESS_TRIES = 20;

/**
 * DECISIONS "Numbers": in sandbox every activated account gets one ready
 * Sms/WhatsApp number and one email sender, so a first send needs no setup.
 * Runs in the consumer's transaction, once per account.
 */
export interface ProvisionSandboxSendersDeps {
  config: Pick<RoutingConfig, 'SANDBOX_NUMBER_PREFIX' | 'SANDBOX_EMAIL_DOMAIN'>;
  clock: Clock;
}

/** Returns false when the account already had its senders. */
export async function provisionSandboxSenders(trx: Knex.Transaction, deps: ProvisionSandboxSendersDeps, accountId: string): Promise<boolean> {
  const now = deps.clock.now();
  if (!(await claimSandboxProvisioning(trx, accountId, now))) return false;
  await addSender(trx, accountId, ['Sms', 'WhatsApp'], now, async () =>
    sandboxPhoneNumber(deps.config.SANDBOX_NUMBER_PREFIX, await nextSandboxNumberSequence(trx)),
  );
  await addSender(trx, accountId, ['Email'], now, async () =>
    sandboxSenderAddress(randomBytes(4).toString('hex'), deps.config.SANDBOX_EMAIL_DOMAIN),
  );
  return true;
}

async function addSender(trx: Knex.Transaction, accountId: string, channelTypes: ChannelType[], now: Date, nextAddress: () => Promise<string>) {
  for (let i = 0; i < MAX_ADDRESS_TRIES; i++) {
    const added = await insertNumberIfAddressFree(trx, {
      numberId: randomUUID(),
      accountId,
      address: await nextAddress(),
      channelTypes,
      createdAt: now,
      sandbox: true,
    });
    if (added) return;
  }
  throw new Error(`no free sandbox address for ${channelTypes.join('/')} after ${MAX_ADDRESS_TRIES} tries`);
}
