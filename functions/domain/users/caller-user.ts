import { apiMessages } from '../../../shared/api';
import { namesFromAttributes } from '../../../shared/forms/sign-up-names';
import type { Caller, Viewer } from '../../lib/caller';
import { attributeRecord, cognito } from '../../lib/cognito';
import { unauthorized } from '../../lib/errors';
import { normalizeEmail } from './email-claim.entity';
import { releaseClaim } from './email-claims.repository';
import { AccountDeletedError, createUser, findUserBySub, noteUserActive, updateUserEmail, type UserRecord } from './users.repository';

/** The signed-in caller as a handler sees them (lib/caller.ts), with their record when a cmd needs more than the id. */
export interface CallerViewer extends Viewer {
  /** The caller's record: the one the pipeline read for this call, else read once now. */
  user(): Promise<UserRecord>;
}

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

/** The verified email an id token carries (an access token carries none). */
const verifiedEmail = (caller: Caller) => (caller.emailVerified ? caller.attributes?.email : undefined);

/**
 * The pipeline's record upkeep of a signed-in caller: their record created on their first call from the
 * Cognito user's attributes; the day of their last call noted (a write only when the day changed, for
 * the admin users list); a verified email an id token carries that the record does not have yet followed.
 */
export async function keepCallerRecord(caller: Caller, now = new Date()): Promise<UserRecord> {
  const existing = await findUserBySub(caller.sub);
  if (existing) {
    await noteUserActive(existing, now);
    const verified = verifiedEmail(caller);
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

/**
 * Callers' numeric ids by Cognito sub, with the day their record was last kept (days since the epoch,
 * UTC): an account's id never changes, so a warm function reads a caller's record at most once a day for
 * the upkeep; a hot path that needs only the id (the desktop app's license list on every start) reads
 * nothing else.
 */
const known = new Map<string, { id: number; keptOn: number }>();
/** Enough for every active user of a warm function; the oldest entry goes first beyond it. */
const KNOWN_LIMIT = 10_000;
const DAY_MS = 86_400_000;

/** A caller this function knows today: the id at once, the record read only if the handler asks, and then once. */
class KnownCaller implements CallerViewer {
  #record: Promise<UserRecord> | undefined;
  constructor(
    readonly userId: number,
    readonly isAdmin: boolean,
    readonly caller: Caller,
  ) {}
  user(): Promise<UserRecord> {
    return (this.#record ??= readCallerRecord(this.caller.sub));
  }
}

/**
 * The pipeline's caller step: who the signed-in caller is, once per call. Their record is read and kept
 * (keepCallerRecord) on their first call of the day to this function, or when their token carries a
 * verified email to follow; otherwise the id is known at once, without waiting for anything, and the
 * record is read only if the handler asks.
 */
export function callerViewer(caller: Caller, now = new Date()): CallerViewer | Promise<CallerViewer> {
  const today = Math.floor(now.getTime() / DAY_MS);
  const seen = known.get(caller.sub);
  if (seen && seen.keptOn === today && !verifiedEmail(caller)) return new KnownCaller(seen.id, caller.isAdmin, caller);
  return keptCaller(caller, now, today, seen !== undefined);
}

/** The caller's record kept (keepCallerRecord), and their id known from now on. */
async function keptCaller(caller: Caller, now: Date, today: number, seen: boolean): Promise<CallerViewer> {
  const record = await keepCallerRecord(caller, now);
  if (!seen && known.size >= KNOWN_LIMIT) known.delete(known.keys().next().value!);
  known.set(caller.sub, { id: record.id, keptOn: today });
  return { userId: record.id, isAdmin: caller.isAdmin, caller, user: () => Promise.resolve(record) };
}

/** A known caller's record; gone since (the account deleted), the call is a session error. */
async function readCallerRecord(sub: string): Promise<UserRecord> {
  const record = await findUserBySub(sub);
  if (!record) throw unauthorized(apiMessages.missingToken);
  return record;
}

/** A verified email change: the record takes the new address and the old one is free again. */
export async function followEmailChange(user: UserRecord, email: string): Promise<void> {
  const stored = await updateUserEmail(user.sub, email);
  if (stored && normalizeEmail(user.email) !== normalizeEmail(email)) await releaseClaim(user.email, user.username);
}
