import { randomBytes, randomUUID } from 'node:crypto';
import type { routingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { confirmSubaccount } from '../access/known-subaccount';
import { reachRouting } from '../access/routing-reach.rules';
import type { RoutingDeps } from '../routing-deps';
import { nextSandboxNumberSequence } from '../sandbox-provisioning/sandbox-provisionings.repository';
import { sandboxPrefixFor } from './country-codes.rules';
import { numberToProto } from './number.proto';
import { numberWish, type NumberWish } from './number-request.rules';
import { sandboxPhoneNumber, sandboxSenderAddress, type SenderNumber } from './number.rules';
import { insertNumberIfAddressFree, type NewNumber } from './numbers.repository';

// A picked address another account holds (after a prefix change) is skipped; this bounds the search.
const MAX_PICK_TRIES = 20;

/**
 * POST /v1/numbers (DECISIONS Numbers). In sandbox a number is provisioned at
 * once and ready to send: the E.164 number asked for, or a free one picked
 * from the sandbox range of `countryCode` (the configured sandbox prefix when
 * none); an Email-only request gets a new sender address on the sandbox mail
 * domain. Outside sandbox the number must be named (numbers are bought from
 * the carrier first) and is recorded as a production long code, not ready to
 * send from a rotation pool until assigned to a 10DLC campaign; Email sender
 * addresses are sandbox-only for now (422). An address an active number
 * holds is 409 CONFLICT. The number is the subaccount's when `subaccountId`
 * is set (a caller limited to a subaccount always gets its own), else the
 * account's. Admin or Manager, or a key with ManageRouting.
 */
export async function provisionNumber(deps: RoutingDeps, principal: Principal, request: routingV1.CreateNumberRequest): Promise<routingV1.PhoneNumber> {
  const { accountId, subaccountId } = reachRouting(principal, {
    accountId: request.accountId,
    subaccountId: request.subaccountId,
    need: 'change',
    what: request.subaccountId ? 'Subaccount' : undefined,
  });
  const wish = numberWish(request);
  if (!deps.sandbox) refuseOutsideSandbox(wish);
  await confirmSubaccount(deps.clients, principal, accountId, request.subaccountId ? subaccountId : undefined);
  const base = { accountId, subaccountId, channelTypes: wish.channelTypes, sandbox: deps.sandbox };
  const number = wish.kind === 'phone' && wish.phoneNumber ? await addNamed(deps, base, wish.phoneNumber) : await addPicked(deps, base, wish);
  return numberToProto(number);
}

function refuseOutsideSandbox(wish: NumberWish): void {
  if (wish.kind === 'email') throw new DomainError('INVALID_OPERATION', 'Email sender addresses are provisioned in sandbox only.');
  if (!wish.phoneNumber) throw new DomainError('INVALID_OPERATION', 'Outside sandbox, name the phoneNumber to add: numbers are bought from the carrier first.');
}

type Base = Pick<NewNumber, 'accountId' | 'subaccountId' | 'channelTypes' | 'sandbox'>;

async function addNamed(deps: RoutingDeps, base: Base, phoneNumber: string): Promise<SenderNumber> {
  const number = newNumber(deps, base, phoneNumber);
  if (!(await insertNumberIfAddressFree(deps.db, number))) throw new DomainError('CONFLICT', `${phoneNumber} is already in use; release it first or pick another number.`);
  return number;
}

async function addPicked(deps: RoutingDeps, base: Base, wish: NumberWish): Promise<SenderNumber> {
  const prefix = wish.kind === 'phone' && wish.country ? sandboxPrefixFor(wish.country, deps.config.SANDBOX_NUMBER_PREFIX) : deps.config.SANDBOX_NUMBER_PREFIX;
  for (let i = 0; i < MAX_PICK_TRIES; i++) {
    const address =
      wish.kind === 'email'
        ? sandboxSenderAddress(randomBytes(4).toString('hex'), deps.config.SANDBOX_EMAIL_DOMAIN)
        : sandboxPhoneNumber(prefix, await nextSandboxNumberSequence(deps.db));
    const number = newNumber(deps, base, address);
    if (await insertNumberIfAddressFree(deps.db, number)) return number;
  }
  throw new DomainError('CONFLICT', `No free ${wish.kind === 'email' ? 'sender address' : 'number'} was found; try again.`);
}

function newNumber(deps: RoutingDeps, base: Base, address: string): SenderNumber {
  return {
    numberId: randomUUID(),
    accountId: base.accountId,
    subaccountId: base.subaccountId,
    address,
    channelTypes: base.channelTypes,
    status: 'active',
    createdAt: deps.clock.now(),
    sandbox: base.sandbox ?? true,
    useCount: 0,
  };
}
