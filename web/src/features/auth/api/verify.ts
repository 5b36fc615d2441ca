import { loadIdentityProvider } from '../../../session/session';

/** Confirms the account with the mailed code (Cognito ConfirmSignUp). */
export async function verifyAccount(username: string, code: string): Promise<void> {
  const identity = await loadIdentityProvider();
  await identity.confirmSignUp(username.trim(), code.trim());
}

/** Mails a new verification code (Cognito ResendConfirmationCode). */
export async function resendVerificationCode(username: string): Promise<void> {
  const identity = await loadIdentityProvider();
  await identity.resendConfirmationCode(username.trim());
}
