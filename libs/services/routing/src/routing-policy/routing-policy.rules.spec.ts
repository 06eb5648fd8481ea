import type { routingV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import { DEFAULT_ROUTING_POLICY, routeOrder, type RoutingPolicySettings } from './routing-policy';
import { isReceiptTimeout, updatedPolicy } from './routing-policy.rules';

const update = (fields: Partial<routingV1.UpdateRoutingPolicyRequest>): routingV1.UpdateRoutingPolicyRequest => ({ accountId: 'a', subaccountId: 's', fallbackChain: undefined, ...fields });
const chain = (...channels: string[]) => ({ channels });

function fieldsNamed(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('VALIDATION_FAILED');
    return (error as DomainError).extensions.errors!;
  }
  throw new Error('expected VALIDATION_FAILED');
}

describe('updatedPolicy (spec 2.5)', () => {
  const current: RoutingPolicySettings = { preferredChannelType: 'WhatsApp', fallbackChain: ['Sms'], isEnabled: true, receiptTimeoutSeconds: 120, fallbackOnDeliveryFailure: true };

  it('keeps every field left out', () => {
    expect(updatedPolicy(current, update({}))).toEqual(current);
    expect(updatedPolicy(current, update({ isEnabled: false }))).toEqual({ ...current, isEnabled: false });
    expect(updatedPolicy(current, update({ receiptTimeoutSeconds: 0 }))).toEqual({ ...current, receiptTimeoutSeconds: 0 });
  });

  it('tells an empty chain from a chain left out', () => {
    expect(updatedPolicy(current, update({ fallbackChain: chain() })).fallbackChain).toEqual([]);
    expect(updatedPolicy(current, update({ fallbackChain: undefined })).fallbackChain).toEqual(['Sms']);
  });

  it('names an unknown channel, in the preferred channel or the chain', () => {
    expect(Object.keys(fieldsNamed(() => updatedPolicy(current, update({ preferredChannelType: 'Fax' }))))).toEqual(['preferredChannelType']);
    expect(Object.keys(fieldsNamed(() => updatedPolicy(current, update({ fallbackChain: chain('Sms', 'Pigeon') }))))).toEqual(['fallbackChain']);
    expect(Object.keys(fieldsNamed(() => updatedPolicy(current, update({ preferredChannelType: 'sms' }))))).toEqual(['preferredChannelType']);
  });

  it('names a chain that repeats a channel or the preferred one, also against the stored preferred channel', () => {
    expect(fieldsNamed(() => updatedPolicy(DEFAULT_ROUTING_POLICY, update({ fallbackChain: chain('Email', 'Email') }))).fallbackChain[0]).toMatch(/Email more than once/);
    expect(fieldsNamed(() => updatedPolicy(DEFAULT_ROUTING_POLICY, update({ fallbackChain: chain('WhatsApp', 'Sms') }))).fallbackChain[0]).toMatch(/preferred channel Sms/);
    // The stored chain holds Sms; making Sms the preferred channel would try it twice.
    expect(Object.keys(fieldsNamed(() => updatedPolicy(current, update({ preferredChannelType: 'Sms' }))))).toEqual(['fallbackChain']);
    expect(updatedPolicy(current, update({ preferredChannelType: 'Sms', fallbackChain: chain('WhatsApp', 'Email') }))).toMatchObject({
      preferredChannelType: 'Sms',
      fallbackChain: ['WhatsApp', 'Email'],
    });
  });

  it.each([1, 59, 86_401, -60, 60.5])('names a receipt timeout of %p', (seconds) => {
    expect(Object.keys(fieldsNamed(() => updatedPolicy(current, update({ receiptTimeoutSeconds: seconds }))))).toEqual(['receiptTimeoutSeconds']);
  });

  it('names every bad field at once', () => {
    const errors = fieldsNamed(() => updatedPolicy(current, update({ preferredChannelType: 'Fax', fallbackChain: chain('Sms', 'Sms'), receiptTimeoutSeconds: 5 })));
    expect(Object.keys(errors).sort()).toEqual(['fallbackChain', 'preferredChannelType', 'receiptTimeoutSeconds']);
  });

  it('takes 0, 60 and 86400 seconds', () => {
    expect([0, 60, 86_400].every(isReceiptTimeout)).toBe(true);
  });
});

describe('routeOrder', () => {
  it('is the preferred channel then the chain while enabled, else the preferred channel alone', () => {
    const policy: RoutingPolicySettings = { ...DEFAULT_ROUTING_POLICY, preferredChannelType: 'WhatsApp', fallbackChain: ['Sms', 'Email'] };
    expect(routeOrder({ ...policy, isEnabled: true })).toEqual(['WhatsApp', 'Sms', 'Email']);
    expect(routeOrder({ ...policy, isEnabled: false })).toEqual(['WhatsApp']);
  });
});
