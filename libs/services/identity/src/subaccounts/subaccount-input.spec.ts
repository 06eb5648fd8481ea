import { DomainError } from '@mp/problems';
import { parseNewSubaccount, parseSubaccountChanges } from './subaccount-input';

const errorsOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as DomainError).extensions.errors;
  }
  throw new Error('expected VALIDATION_FAILED');
};

describe('subaccount input', () => {
  it('treats absent quotas as unlimited', () => {
    expect(parseNewSubaccount({ name: ' EU team ' })).toEqual({ name: 'EU team', dailyQuota: null, monthlyQuota: null });
  });

  it('accepts quotas from 1 to 100,000,000', () => {
    expect(parseNewSubaccount({ name: 'x', dailyQuota: 1, monthlyQuota: 100_000_000 })).toMatchObject({ dailyQuota: 1, monthlyQuota: 100_000_000 });
  });

  it.each([0, -5, 100_000_001, 1.5])('refuses the quota %p', (quota) => {
    expect(errorsOf(() => parseNewSubaccount({ name: 'x', dailyQuota: quota }))).toHaveProperty('dailyQuota');
  });

  it('requires a name of at most 100 characters', () => {
    expect(errorsOf(() => parseNewSubaccount({ name: '  ' }))).toEqual({ name: ['is required'] });
    expect(errorsOf(() => parseNewSubaccount({ name: 'n'.repeat(101) }))).toHaveProperty('name');
    expect(parseNewSubaccount({ name: 'n'.repeat(100) }).name).toHaveLength(100);
  });

  it('changes only what is named, and an empty quota change means unlimited', () => {
    expect(parseSubaccountChanges({})).toEqual({});
    expect(parseSubaccountChanges({ dailyQuota: {} })).toEqual({ dailyQuota: null });
    expect(parseSubaccountChanges({ monthlyQuota: { value: 10 }, name: 'n' })).toEqual({ monthlyQuota: 10, name: 'n' });
    expect(errorsOf(() => parseSubaccountChanges({ dailyQuota: { value: 0 }, name: '' }))).toEqual({
      name: ['is required'],
      dailyQuota: [expect.stringContaining('1 to 100000000')],
    });
  });
});
