import type { UsernameOnlyValues, VerifyValues } from '../../../../../shared/forms/account';
import { loadIdentityProvider } from '../../../session/session';

/** Confirms the account with the mailed code (Cognito ConfirmSignUp); username and code come trimmed. */
export async function verifyAccount({ username, code }: VerifyValues): Promise<void> {
  const identity = await loadIdentityProvider();
  await identity.confirmSignUp(username, code);
}

/** Mails a new verification code (Cognito ResendConfirmationCode). */
export async function resendVerificationCode({ username }: UsernameOnlyValues): Promise<void> {
  const identity = await loadIdentityProvider();
  await identity.resendConfirmationCode(username);
}
