import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '@mp/clock';
import type { Knex } from 'knex';
import { sandboxPhoneNumber, sandboxSenderAddress, type ChannelType } from '../numbers/number.rules';
import type { NumbersRepository } from '../numbers/numbers.repository';
import type { RoutingConfig } from '../routing.config';
import type { SandboxProvisioningsRepository } from './sandbox-provisionings.repository';

// Addresses taken by another account (e.g. after the prefix changed) are skipped; this bounds the search.
const MAX_ADDRESS_TRIES = 20;

/**
 * DECISIONS "Numbers": in sandbox every activated account gets one ready
 * Sms/WhatsApp number and one email sender, so a first send needs no setup.
 * Runs in the consumer's transaction, once per account.
 */
export class ProvisionSandboxSendersUseCase {
  constructor(
    private readonly numbers: NumbersRepository,
    private readonly provisionings: SandboxProvisioningsRepository,
    private readonly config: RoutingConfig,
    private readonly clock: Clock,
  ) {}

  /** Returns false when the account already had its senders. */
  async execute(trx: Knex.Transaction, accountId: string): Promise<boolean> {
    const now = this.clock.now();
    if (!(await this.provisionings.claim(trx, accountId, now))) return false;
    await this.add(trx, accountId, ['Sms', 'WhatsApp'], now, async () =>
      sandboxPhoneNumber(this.config.SANDBOX_NUMBER_PREFIX, await this.provisionings.nextNumberSequence(trx)),
    );
    await this.add(trx, accountId, ['Email'], now, async () =>
      sandboxSenderAddress(randomBytes(4).toString('hex'), this.config.SANDBOX_EMAIL_DOMAIN),
    );
    return true;
  }

  private async add(trx: Knex.Transaction, accountId: string, channelTypes: ChannelType[], now: Date, nextAddress: () => Promise<string>) {
    for (let i = 0; i < MAX_ADDRESS_TRIES; i++) {
      const added = await this.numbers.insertIfAddressFree(trx, {
        numberId: randomUUID(),
        accountId,
        address: await nextAddress(),
        channelTypes,
        status: 'active',
        createdAt: now,
      });
      if (added) return;
    }
    throw new Error(`no free sandbox address for ${channelTypes.join('/')} after ${MAX_ADDRESS_TRIES} tries`);
  }
}
