import { DomainError } from '@mp/problems';

/** The sensitive actions a step-up token can be issued for (spec 5.4). */
export const STEP_UP_ACTIONS = ['MfaManage', 'AccountSecurityPolicy', 'UnlinkIdentity'] as const;
export type StepUpAction = (typeof STEP_UP_ACTIONS)[number];

export function isStepUpAction(value: string): value is StepUpAction {
  return (STEP_UP_ACTIONS as readonly string[]).includes(value);
}

/** VALIDATION_FAILED naming `action` when it is missing or not one of the actions. */
export function parseStepUpAction(value: string | undefined, fallback?: StepUpAction): StepUpAction {
  const action = (value ?? '').trim();
  if (action === '' && fallback) return fallback;
  if (action === '') throw DomainError.validation({ action: ['is required'] });
  if (!isStepUpAction(action)) throw DomainError.validation({ action: [`must be one of ${STEP_UP_ACTIONS.join(', ')}`] });
  return action;
}
