import { ADMIN_GROUP } from '../../../shared/runtime';
import { cognito } from '../../lib/cognito';
import { getAuthConfig } from '../../lib/config';

/** The authenticator (TOTP) second factor: an Admin member is an administrator only with it on (decision 018). */
const SOFTWARE_TOKEN_MFA = 'SOFTWARE_TOKEN_MFA';

const isUserNotFound = (error: unknown) => (error as Error).name === 'UserNotFoundException';

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
 * authenticator, as the API grants admin rights. A member who has not set one up is refused everything
 * an admin may do, so they are no admin to assign a case to or to mail one to either; a user who left
 * the group, or is gone, is not one.
 */
export async function isEnrolledAdmin(username: string): Promise<boolean> {
  const { sdk, client } = await cognito();
  try {
    const [{ Groups }, enrolled] = await Promise.all([
      client.send(new sdk.AdminListGroupsForUserCommand({ UserPoolId: getAuthConfig().userPoolId, Username: username })),
      hasAuthenticator(username),
    ]);
    return enrolled && (Groups?.some((group) => group.GroupName === ADMIN_GROUP) ?? false);
  } catch (error) {
    if (isUserNotFound(error)) return false;
    throw error;
  }
}
