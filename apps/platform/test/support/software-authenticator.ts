// The identity service tests and the API tests drive passkeys with the same software authenticator.
export { SoftwareAuthenticator, cborEncode, type AssertionTweaks } from '@mp/identity/src/testing/software-authenticator';
