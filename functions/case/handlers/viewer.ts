import { ADMIN_GROUP } from '../../../shared/runtime';
import type { CaseViewer } from '../../domain/cases/case.rules';
import { callerUserId } from '../../domain/users/caller-user';
import type { Caller } from '../../lib/auth';
import { cognito } from '../../lib/cognito';
import { getAuthConfig } from '../../lib/config';

export const viewerOf = async (caller: Caller): Promise<CaseViewer> => ({ userId: await callerUserId(caller), isAdmin: caller.isAdmin });

/** Whether the user with this username is in the Admin group (a case is assigned to admins only). */
export async function isAdminUser(username: string): Promise<boolean> {
  const { sdk, client } = await cognito();
  try {
    const { Groups } = await client.send(new sdk.AdminListGroupsForUserCommand({ UserPoolId: getAuthConfig().userPoolId, Username: username }));
    return Groups?.some((group) => group.GroupName === ADMIN_GROUP) ?? false;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return false;
    throw error;
  }
}
