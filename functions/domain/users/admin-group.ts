import { ADMIN_GROUP } from '../../../shared/runtime';
import { cognito } from '../../lib/cognito';
import { getAuthConfig } from '../../lib/config';

/** Whether the user with this username is in the Admin group now (a user who left it, or is gone, is not). */
export async function isInAdminGroup(username: string): Promise<boolean> {
  const { sdk, client } = await cognito();
  try {
    const { Groups } = await client.send(new sdk.AdminListGroupsForUserCommand({ UserPoolId: getAuthConfig().userPoolId, Username: username }));
    return Groups?.some((group) => group.GroupName === ADMIN_GROUP) ?? false;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return false;
    throw error;
  }
}
