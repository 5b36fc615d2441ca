import { apiMessages } from '../../../shared/api';
import { namesFromAttributes } from '../../../shared/forms/sign-up-names';
import type { Caller } from '../../lib/auth';
import { attributeRecord, cognito } from '../../lib/cognito';
import { unauthorized } from '../../lib/errors';
import { normalizeEmail } from './email-claim.entity';
import { releaseClaim } from './email-claims.repository';
import { AccountDeletedError, createUser, findUserBySub, noteUserActive, updateUserEmail, type UserRecord } from './users.repository';

/** The Cognito user's attributes: from an id token as they are, else asked of Cognito with the access token. */
async function callerAttributes(caller: Caller): Promise<Record<string, string>> {
  if (caller.attributes) return caller.attributes;
  try {
    const { sdk, client } = await cognito();
    const cognitoUser = await client.send(new sdk.GetUserCommand({ AccessToken: caller.token }));
    return attributeRecord(cognitoUser.UserAttributes);
  } catch (error) {
    // A valid token of a user deleted since, or signed out everywhere: a session error for the caller.
    const name = (error as Error).name;
    if (name === 'UserNotFoundException' || name === 'NotAuthorizedException') throw unauthorized(apiMessages.missingToken);
    throw error;
  }
}

/**
 * The caller's record, created on the first signed-in call from the Cognito user's attributes. An id
 * token carries the verified email of this moment: a record that still has an older one follows it.
 */
export async function resolveCallerUser(caller: Caller): Promise<UserRecord> {
  const existing = await findUserBySub(caller.sub);
  if (existing) {
    // The day of the last signed-in call, for the admin users list: a write only when the day changed.
    await noteUserActive(existing);
    const verified = caller.emailVerified ? caller.attributes?.email : undefined;
    if (verified && verified !== existing.email) {
      await followEmailChange(existing, verified);
      return { ...existing, email: verified };
    }
    return existing;
  }
  const attributes = await callerAttributes(caller);
  try {
    return await createUser({
      sub: caller.sub,
      username: caller.username,
      email: attributes.email ?? '',
      ...namesFromAttributes(attributes),
      accepted_marketing: attributes['custom:accepted_marketing'] === '1',
    });
  } catch (error) {
    if (error instanceof AccountDeletedError) throw unauthorized(apiMessages.missingToken);
    throw error;
  }
}

/** Callers' numeric ids by Cognito sub: an account's id never changes, so a function asks once. */
const knownIds = new Map<string, number>();
/** Enough for every active user of a warm function; the oldest entry goes first beyond it. */
const KNOWN_IDS_LIMIT = 10_000;

/**
 * The caller's numeric id, read (or the record created) once per function instance: the hot paths
 * that need only the id (the desktop app's license list on every start) skip the record's read.
 */
export async function callerUserId(caller: Caller): Promise<number> {
  const known = knownIds.get(caller.sub);
  if (known !== undefined) return known;
  const { id } = await resolveCallerUser(caller);
  if (knownIds.size >= KNOWN_IDS_LIMIT) knownIds.delete(knownIds.keys().next().value!);
  knownIds.set(caller.sub, id);
  return id;
}

/** A verified email change: the record takes the new address and the old one is free again. */
export async function followEmailChange(user: UserRecord, email: string): Promise<void> {
  const stored = await updateUserEmail(user.sub, email);
  if (stored && normalizeEmail(user.email) !== normalizeEmail(email)) await releaseClaim(user.email, user.username);
}
