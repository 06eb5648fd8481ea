// The one email rule and the one E.164 rule every service applies (issue 27 point 3).
export { checkEmailAddress, isEmailAddress, MAX_EMAIL_LENGTH, type EmailAddressCheck } from './email-address';
export { describeE164Fault, e164Fault, isE164, type E164Fault } from './e164';
