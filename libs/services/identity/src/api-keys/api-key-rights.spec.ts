import { FieldErrors } from '@mp/problems';
import { resolveRights } from './api-key-rights';

function resolve(given: string[], rightsGiven = true) {
  const errors = new FieldErrors();
  const rights = resolveRights(errors, given, rightsGiven);
  let fieldErrors: Record<string, string[]> | undefined;
  try {
    errors.throwIfAny();
  } catch (e) {
    fieldErrors = (e as { extensions: { errors: Record<string, string[]> } }).extensions.errors;
  }
  return { rights, fieldErrors };
}

describe('resolveRights', () => {
  it('defaults to SendMessages and ReadMessages when none were sent', () => {
    expect(resolve([], false)).toEqual({ rights: ['SendMessages', 'ReadMessages'], fieldErrors: undefined });
  });

  it('keeps known rights once each, in catalogue order', () => {
    expect(resolve(['ManageRecipientConsent', 'SendMessages', 'SendMessages']).rights).toEqual(['SendMessages', 'ManageRecipientConsent']);
  });

  it('names unknown rights on the rights field', () => {
    const { fieldErrors } = resolve(['SendMessages', 'sendmessages', 'Admin']);
    expect(Object.keys(fieldErrors!)).toEqual(['rights']);
    expect(fieldErrors!.rights[0]).toContain('sendmessages, Admin');
  });

  it('refuses an explicitly empty list', () => {
    expect(resolve([]).fieldErrors).toEqual({ rights: ['must name at least one right'] });
  });
});
