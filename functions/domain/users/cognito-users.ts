import { attributeRecord, cognito, isUserNotFound } from '../../lib/cognito';
import type { ClaimHolder } from './email-claim.rules';

/** A pool user as the email rules see it (AdminGetUser), or null when there is no such user. */
export async function findPoolUser(userPoolId: string, username: string): Promise<(ClaimHolder & { sub: string }) | null> {
  try {
    const { sdk, client } = await cognito();
    const user = await client.send(new sdk.AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    const attributes = attributeRecord(user.UserAttributes);
    return { status: user.UserStatus ?? '', email: attributes.email ?? '', sub: attributes.sub ?? '' };
  } catch (error) {
    if (isUserNotFound(error)) return null;
    throw error;
  }
}
