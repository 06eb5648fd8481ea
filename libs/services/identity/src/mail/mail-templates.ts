/** A plain-text mail as identity queues it. */
export type MailKind =
  | 'email_verification'
  | 'registration_attempt'
  | 'step_up_code'
  | 'user_invitation'
  | 'sign_in_locked'
  | 'webhook_deactivated';

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

/** outgoing_mail.subject is varchar(200). */
const SUBJECT_MAX = 200;
/** The receiver's error can be a whole response body; the delivery log keeps the rest. */
const LAST_ERROR_MAX = 500;

/** One line of at most `max` characters: a customer's label or error must not break the subject or fill the mail. */
function oneLine(value: string, max: number): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * Tells an Admin that the webhook dispatcher gave up on an endpoint after
 * failed deliveries in a row (spec 3.3), and how to turn it back on.
 */
export function webhookDeactivatedMail(input: {
  to: string;
  publicBaseUrl: string;
  webhookId: string;
  url: string;
  label: string;
  consecutiveFailures: number;
  lastError?: string;
  deactivatedAt?: Date;
}): MailContent {
  const route = `${input.publicBaseUrl}/v1/webhooks/${input.webhookId}`;
  const name = input.label.trim() || input.url;
  const subjectPrefix = 'Webhook endpoint deactivated: ';
  const lastError = input.lastError?.trim() ? oneLine(input.lastError, LAST_ERROR_MAX) : undefined;
  return {
    kind: 'webhook_deactivated',
    to: input.to,
    subject: subjectPrefix + oneLine(name, SUBJECT_MAX - subjectPrefix.length),
    text: [
      `Your webhook endpoint was deactivated after ${input.consecutiveFailures} failed deliveries in a row` +
        (input.deactivatedAt ? ` (at ${input.deactivatedAt.toISOString()}).` : '.'),
      '',
      ...(input.label.trim() ? [`Label: ${oneLine(input.label, SUBJECT_MAX)}`] : []),
      `URL: ${input.url}`,
      `Webhook id: ${input.webhookId}`,
      ...(lastError ? [`Last error: ${lastError}`] : []),
      '',
      'Events are no longer sent to this endpoint.',
      '',
      'Once the endpoint works again, re-activate it (this also resets its failure count):',
      `PUT ${route}`,
      '{"active": true}',
      '',
      `The delivery log: GET ${route}/deliveries`,
      '',
    ].join('\n'),
  };
}
