import type { UserType } from '@aws-sdk/client-cognito-identity-provider';
import type { userAdminContract } from '../../../shared/contract/user.admin';
import { namesFromAttributes } from '../../../shared/forms/sign-up-names';
import { ADMIN_GROUP } from '../../../shared/runtime';
import { hasAuthenticator } from '../../domain/users/admin-group';
import { createUser, findUserBySub } from '../../domain/users/users.repository';
import { attributeRecord, cognito } from '../../lib/cognito';
import { getAuthConfig } from '../../lib/config';
import type { EndpointHandlers } from '../../endpoint';

/**
 * Every administrator: each member of the Admin group with an authenticator set up (a member without one
 * has no admin rights until enrolled, so is offered nowhere, e.g. to assign a case to), with a user
 * record made for any admin who never called the API.
 */
export const getAdmins: EndpointHandlers<typeof userAdminContract>['get_admins'] = async () => {
  const { sdk, client } = await cognito();
  const members: UserType[] = [];
  let nextToken: string | undefined;
  do {
    const page = await client.send(
      new sdk.ListUsersInGroupCommand({ UserPoolId: getAuthConfig().userPoolId, GroupName: ADMIN_GROUP, NextToken: nextToken }),
    );
    members.push(...(page.Users ?? []));
    nextToken = page.NextToken;
  } while (nextToken);

  const enrolled = await Promise.all(members.map((member) => hasAuthenticator(member.Username ?? '')));
  const admins = await Promise.all(
    members.filter((_, index) => enrolled[index]).map(async (member) => {
      const attributes = attributeRecord(member.Attributes);
      const sub = attributes.sub ?? '';
      const user =
        (await findUserBySub(sub)) ??
        (await createUser({
          sub,
          username: member.Username ?? '',
          email: attributes.email ?? '',
          ...namesFromAttributes(attributes),
        }));
      return { id: user.id, username: user.username, email: user.email, first_name: user.first_name, last_name: user.last_name };
    }),
  );
  return { admins: admins.sort((a, b) => a.id - b.id) };
};
