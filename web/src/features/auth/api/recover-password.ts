import type { RecoverPasswordValues, UsernameOnlyValues } from '../../../../../shared/forms/account';
import { loadIdentityProvider } from '../../../session/session';

/** Mails a password reset code (Cognito ForgotPassword); the username comes trimmed. */
export async function requestPasswordReset({ username }: UsernameOnlyValues): Promise<void> {
  const identity = await loadIdentityProvider();
  await identity.forgotPassword(username);
}

/** Sets the new password with the mailed code (Cognito ConfirmForgotPassword). */
export async function resetPassword({ username, code, password }: RecoverPasswordValues): Promise<void> {
  const identity = await loadIdentityProvider();
  await identity.confirmForgotPassword(username, code, password);
}
