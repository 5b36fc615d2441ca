import type { Registration } from '../../../../../shared/forms/account';
import { loadIdentityProvider } from '../../../session/session';
import { signUpAttributes } from '../sign-up-attributes';

/**
 * Creates the account (Cognito SignUp) from the register form's output (names, email and company
 * trimmed); resolves whether it still needs the mailed code.
 */
export async function registerUser(registration: Registration): Promise<{ confirmed: boolean }> {
  const identity = await loadIdentityProvider();
  return identity.signUp({
    username: registration.username,
    password: registration.password,
    attributes: signUpAttributes(registration),
  });
}
