import { getAccessToken, loadIdentityProvider } from '../../../session/session';

/** Changes the signed-in user's password (Cognito ChangePassword with the access token). */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  const [identity, accessToken] = await Promise.all([loadIdentityProvider(), getAccessToken()]);
  await identity.changePassword(accessToken, oldPassword, newPassword);
}
