import type { UserType } from '@aws-sdk/client-cognito-identity-provider';
import { attributeRecord, cognito } from '../../lib/cognito';
import { getAuthConfig } from '../../lib/config';
import { logger } from '../../lib/logger';
import { UNPROVEN_CLAIM_HOURS } from '../users/email-claim.rules';
import { releaseClaim } from '../users/email-claims.repository';

/** Every sign-up of the pool that was never confirmed. */
async function unconfirmedUsers(): Promise<UserType[]> {
  const { sdk, client } = await cognito();
  const users: UserType[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new sdk.ListUsersCommand({ UserPoolId: getAuthConfig().userPoolId, Filter: 'cognito:user_status = "UNCONFIRMED"', PaginationToken: token }),
    );
    users.push(...(page.Users ?? []));
    token = page.PaginationToken;
  } while (token);
  return users;
}

/**
 * The scheduled job: removes sign-ups left unconfirmed longer than a claim may wait for proof, and frees
 * their addresses, so an address typed by mistake (or by someone else) is not held forever.
 */
export async function purgeUnconfirmedSignUps(now = new Date()): Promise<{ removed: string[] }> {
  const { sdk, client } = await cognito();
  const cutoff = now.getTime() - UNPROVEN_CLAIM_HOURS * 3_600_000;
  const removed: string[] = [];
  for (const user of await unconfirmedUsers()) {
    if (!user.Username || !user.UserCreateDate || user.UserCreateDate.getTime() > cutoff) continue;
    await client.send(new sdk.AdminDeleteUserCommand({ UserPoolId: getAuthConfig().userPoolId, Username: user.Username }));
    const email = attributeRecord(user.Attributes).email;
    if (email) await releaseClaim(email, user.Username);
    removed.push(user.Username);
  }
  logger.info('Unconfirmed sign-ups purged', { removed: removed.length });
  return { removed };
}
