import { loadIdentityProvider } from '../../../session/session';

/** Mails a password reset code (Cognito ForgotPassword). */
export async function requestPasswordReset(username: string): Promise<void> {
  const identity = await loadIdentityProvider();
  await identity.forgotPassword(username.trim());
}

/** Sets the new password with the mailed code (Cognito ConfirmForgotPassword). */
export async function resetPassword(username: string, code: string, password: string): Promise<void> {
  const identity = await loadIdentityProvider();
  await identity.confirmForgotPassword(username.trim(), code.trim(), password);
}
