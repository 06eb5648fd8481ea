import type { identityV1 } from '@mp/contracts';
import type { CallOptions } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { ConsentClients } from '../consent-clients';

/**
 * Identity as consent asks it, steered by a test: it knows the subaccounts
 * `knows` says it does (each of its account), and answers any other with the
 * NOT_FOUND identity gives. Every call is recorded with its options.
 */
export class FakeConsentClients implements ConsentClients {
  readonly calls: Array<{ method: string; request: unknown; options?: CallOptions }> = [];

  constructor(private readonly knows: (accountId: string, subaccountId: string) => boolean) {}

  readonly identity = {
    getSendingStanding: async (request: identityV1.GetSendingStandingRequest, options?: CallOptions): Promise<identityV1.SendingStanding> => {
      this.calls.push({ method: 'identity.getSendingStanding', request, options });
      if (request.subaccountId && !this.knows(request.accountId, request.subaccountId)) throw DomainError.notFound('Subaccount');
      return { accountStatus: 'active', subscriptionActive: true };
    },
  };
}
