import * as z from 'zod/mini';

/** The texts of the two-factor (authenticator) screens, shared by the sign-in step and the set-up. */
export const authenticatorMessages = {
  code: 'Enter the 6-digit code your authenticator app shows',
  wrongCode: 'Wrong code: enter the code your authenticator app shows now',
  challengeExpired: 'The sign-in took too long: sign in again',
  adminRequired: 'Administrators sign in with a second factor: set up an authenticator app to use the Admin pages.',
  turnedOn: 'Two-factor sign-in is on: from now on you sign in with a code from your authenticator app',
  turnedOff: 'Two-factor sign-in is off',
  adminKeepsIt: 'Administrators keep two-factor sign-in on.',
} as const;

/** The code an authenticator app shows: six digits, perhaps typed with a space in the middle. */
export const authenticatorCodeSchema = z.string().check(z.regex(/^\s*\d{3}\s?\d{3}\s*$/, authenticatorMessages.code));

/** The code as Cognito takes it: the digits only. */
export const normalizeAuthenticatorCode = (code: string): string => code.replace(/\s/g, '');

/**
 * The otpauth:// address an authenticator app reads from the QR code: a TOTP secret (base32) labelled
 * with the issuer and the account, six digits every thirty seconds (the apps' default, and Cognito's).
 */
export function authenticatorUri(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?${new URLSearchParams({ secret, issuer }).toString()}`;
}

/** The secret in groups of four, as people type it. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The authenticator code forms (the sign-in step and the set-up): one field. */
export const authenticatorCodeFormSchema = z.object({ code: authenticatorCodeSchema });
