import type { UserType } from '@aws-sdk/client-cognito-identity-provider';
import { adminGroupName } from '../../../infra/definitions';
import { apiMessages } from '../../../shared/api';
import { requestDeletion } from '../../lib/account-deletion';
import { attributeRecord, cognito } from '../../lib/cognito';
import { getAuthConfig } from '../../lib/config';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { forbidden, notFound } from '../../lib/errors';
import { createUser, findUserById, findUserBySub, resolveCallerUser } from '../../lib/users';

type UserHandlers = EndpointHandlers<'user'>;

export const userNotFound = 'User not found';

/** The caller's own account, or (admins only) another user's by id. */
export const deleteUserAccount: UserHandlers['delete_user_account'] = async ({ user_id }, { caller }) => {
  const me = await resolveCallerUser(caller);
  if (user_id === undefined || user_id === me.id) return requestDeletion(me);
  if (!caller.isAdmin) throw forbidden(apiMessages.adminOnly);
  const target = await findUserById(user_id);
  if (!target) throw notFound(userNotFound);
  return requestDeletion(target, me.id);
};

/** Every member of the Admin group, with a user record made for any admin who never called the API. */
export const getAdmins: UserHandlers['get_admins'] = async () => {
  const { sdk, client } = await cognito();
  const members: UserType[] = [];
  let nextToken: string | undefined;
  do {
    const page = await client.send(
      new sdk.ListUsersInGroupCommand({ UserPoolId: getAuthConfig().userPoolId, GroupName: adminGroupName, NextToken: nextToken }),
    );
    members.push(...(page.Users ?? []));
    nextToken = page.NextToken;
  } while (nextToken);

  const admins = await Promise.all(
    members.map(async (member) => {
      const attributes = attributeRecord(member.Attributes);
      const sub = attributes.sub ?? '';
      const user =
        (await findUserBySub(sub)) ??
        (await createUser({
          sub,
          username: member.Username ?? '',
          email: attributes.email ?? '',
          first_name: attributes.name ?? '',
          last_name: attributes.family_name ?? '',
          company: attributes['custom:company'] ?? '',
        }));
      return { id: user.id, username: user.username, email: user.email, first_name: user.first_name, last_name: user.last_name };
    }),
  );
  return { admins: admins.sort((a, b) => a.id - b.id) };
};
