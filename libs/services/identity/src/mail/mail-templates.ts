/** A plain-text mail as identity queues it. */
export type MailKind = 'email_verification' | 'registration_attempt' | 'step_up_code' | 'user_invitation' | 'sign_in_locked';

export interface MailContent {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
}

/**
 * The token sits on a line of its own so a person (or a test reading the
 * sandbox mailbox) can copy it; the link is for mail clients.
 */
export function verificationMail(input: { to: string; token: string; publicBaseUrl: string; ttlSeconds: number }): MailContent {
  const link = `${input.publicBaseUrl}/v1/auth/verify-email?token=${encodeURIComponent(input.token)}`;
  const hours = Math.round(input.ttlSeconds / 3600);
  return {
    kind: 'email_verification',
    to: input.to,
    subject: 'Verify your email address',
    text: [
      'Welcome to the messaging platform.',
      '',
      'Confirm your email address to activate your account:',
      link,
      '',
      `Verification token: ${input.token}`,
      '',
      `The token is valid for ${hours} hours and can be used once.`,
      'If you did not create an account, ignore this email.',
      '',
    ].join('\n'),
  };
}

/**
 * Sent instead of an error when someone registers an address that already has
 * an account: the caller learns nothing, the owner learns about the attempt.
 */
export function registrationAttemptMail(input: { to: string; publicBaseUrl: string }): MailContent {
  return {
    kind: 'registration_attempt',
    to: input.to,
    subject: 'Someone tried to register with your email address',
    text: [
      'Someone tried to create a new messaging platform account with this email address.',
      'An account with this address already exists, so nothing was created.',
      '',
      `If this was you, sign in instead: ${input.publicBaseUrl}/v1/auth/login`,
      'If it was not you, you can ignore this email; your account is unchanged.',
      '',
    ].join('\n'),
  };
}

/** An email one-time code for a step-up; the code sits on a line of its own. */
export function stepUpCodeMail(input: { to: string; code: string; action: string; ttlSeconds: number }): MailContent {
  const minutes = Math.round(input.ttlSeconds / 60);
  return {
    kind: 'step_up_code',
    to: input.to,
    subject: 'Your security code',
    text: [
      `Someone (hopefully you) asked to confirm a sensitive action (${input.action}) on your messaging platform account.`,
      '',
      `Your code: ${input.code}`,
      '',
      `The code is valid for ${minutes} minutes and can be used once.`,
      'If this was not you, ignore this email and consider changing your password.',
      '',
    ].join('\n'),
  };
}

/** An invitation to join an account; the token sits on a line of its own. */
export function invitationMail(input: {
  to: string;
  token: string;
  organizationName: string;
  role: string;
  publicBaseUrl: string;
  ttlSeconds: number;
}): MailContent {
  const days = Math.round(input.ttlSeconds / 86400);
  return {
    kind: 'user_invitation',
    to: input.to,
    subject: `You are invited to ${input.organizationName} on the messaging platform`,
    text: [
      `You have been invited to join ${input.organizationName} on the messaging platform as ${input.role}.`,
      '',
      `To accept, choose a password on ${input.publicBaseUrl} with this token:`,
      '',
      `Invitation token: ${input.token}`,
      '',
      `The token is valid for ${days} days and can be used once.`,
      'If you did not expect this invitation, ignore this email.',
      '',
    ].join('\n'),
  };
}

/** Tells the owner that repeated wrong passwords locked sign-in (once per lock). */
export function signInLockedMail(input: { to: string; lockedUntil: Date; lockSeconds: number }): MailContent {
  const minutes = Math.max(1, Math.round(input.lockSeconds / 60));
  return {
    kind: 'sign_in_locked',
    to: input.to,
    subject: 'Your account sign-in was locked',
    text: [
      `Your account sign-in was locked for ${minutes} minutes after repeated wrong passwords.`,
      `Sign-in opens again at ${input.lockedUntil.toISOString()}.`,
      '',
      'If this was you, wait and try again. If it was not, someone may be guessing your password:',
      'choose a strong password and turn on multi-factor authentication.',
      '',
    ].join('\n'),
  };
}
