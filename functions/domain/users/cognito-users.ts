import { attributeRecord, cognito, isUserNotFound } from '../../lib/cognito';
import type { ClaimHolder } from './email-claim.rules';
import { claimEmail } from './email-claims.repository';

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

/** Claims `email` for `username` of the pool, weighing a current holder by what the pool says of it. */
export const claimEmailInPool = (userPoolId: string, email: string, username: string): Promise<boolean> =>
  claimEmail(email, username, (holder) => findPoolUser(userPoolId, holder));
