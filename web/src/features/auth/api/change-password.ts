import type { ChangePasswordValues } from '../../../../../shared/forms/account';
import { getAccessToken, loadIdentityProvider } from '../../../session/session';

/** Changes the signed-in user's password (Cognito ChangePassword with the access token). */
export async function changePassword({ oldPassword, password }: ChangePasswordValues): Promise<void> {
  const [identity, accessToken] = await Promise.all([loadIdentityProvider(), getAccessToken()]);
  await identity.changePassword(accessToken, oldPassword, password);
}
