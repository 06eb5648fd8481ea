import { FieldErrors } from '@mp/problems';

export const SUBACCOUNT_NAME_MAX = 100;
export const QUOTA_MAX = 100_000_000;

/** null is "unlimited" (DECISIONS "Accounts"); otherwise a whole number 1..100,000,000. */
export function checkQuota(errors: FieldErrors, field: string, value: number | null): void {
  if (value === null) return;
  if (!Number.isInteger(value) || value < 1 || value > QUOTA_MAX) {
    errors.add(field, `must be null (unlimited) or a whole number from 1 to ${QUOTA_MAX}`);
  }
}

export function checkName(errors: FieldErrors, raw: string | undefined): string {
  const name = (raw ?? '').trim();
  if (name === '') errors.add('name', 'is required');
  else if ([...name].length > SUBACCOUNT_NAME_MAX) errors.add('name', `must be at most ${SUBACCOUNT_NAME_MAX} characters`);
  return name;
}

export interface NewSubaccount {
  name: string;
  dailyQuota: number | null;
  monthlyQuota: number | null;
}

export function parseNewSubaccount(raw: { name?: string; dailyQuota?: number; monthlyQuota?: number }): NewSubaccount {
  const errors = new FieldErrors();
  const name = checkName(errors, raw.name);
  const dailyQuota = raw.dailyQuota ?? null;
  const monthlyQuota = raw.monthlyQuota ?? null;
  checkQuota(errors, 'dailyQuota', dailyQuota);
  checkQuota(errors, 'monthlyQuota', monthlyQuota);
  errors.throwIfAny();
  return { name, dailyQuota, monthlyQuota };
}

/** Only what the request names changes; a quota change without a value means unlimited. */
export interface SubaccountChanges {
  name?: string;
  dailyQuota?: number | null;
  monthlyQuota?: number | null;
}

export function parseSubaccountChanges(raw: {
  name?: string;
  dailyQuota?: { value?: number };
  monthlyQuota?: { value?: number };
}): SubaccountChanges {
  const errors = new FieldErrors();
  const changes: SubaccountChanges = {};
  if (raw.name !== undefined) changes.name = checkName(errors, raw.name);
  if (raw.dailyQuota !== undefined) {
    changes.dailyQuota = raw.dailyQuota.value ?? null;
    checkQuota(errors, 'dailyQuota', changes.dailyQuota);
  }
  if (raw.monthlyQuota !== undefined) {
    changes.monthlyQuota = raw.monthlyQuota.value ?? null;
    checkQuota(errors, 'monthlyQuota', changes.monthlyQuota);
  }
  errors.throwIfAny();
  return changes;
}
