import { cognito, isUserNotFound } from '../../lib/cognito';
import { getAuthConfig } from '../../lib/config';
import { adminState, SOFTWARE_TOKEN_MFA } from '../../lib/session-check';

/** Whether the user with this username has an authenticator set up (a user who is gone has not). */
export async function hasAuthenticator(username: string): Promise<boolean> {
  const { sdk, client } = await cognito();
  try {
    const { UserMFASettingList } = await client.send(new sdk.AdminGetUserCommand({ UserPoolId: getAuthConfig().userPoolId, Username: username }));
    return UserMFASettingList?.includes(SOFTWARE_TOKEN_MFA) ?? false;
  } catch (error) {
    if (isUserNotFound(error)) return false;
    throw error;
  }
}

/**
 * Whether the user with this username is an administrator now: in the Admin group and with an
 * authenticator, as the API grants admin rights (the session check's own reading). A member who has not
 * set one up is refused everything an admin may do, so they are no admin to assign a case to or to mail
 * one to either; a user who left the group, or is gone, is not one.
 */
export const isEnrolledAdmin = async (username: string): Promise<boolean> => (await adminState(username)).admin === 'yes';
