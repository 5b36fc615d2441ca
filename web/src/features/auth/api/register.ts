import { loadIdentityProvider } from '../../../session/session';
import { signUpAttributes, type RegisterValues } from '../form-rules';

/** Creates the account (Cognito SignUp); resolves whether it still needs the mailed code. */
export async function registerUser(values: RegisterValues): Promise<{ confirmed: boolean }> {
  const identity = await loadIdentityProvider();
  return identity.signUp({ username: values.username, password: values.password, attributes: signUpAttributes(values) });
}
