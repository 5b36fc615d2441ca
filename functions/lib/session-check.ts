import { ADMIN_GROUP } from '../../shared/runtime';
import { isTokenRevoked } from '../domain/sessions/revocations.repository';
import type { VerifiedToken } from './auth';
import { cognito, isUserNotFound } from './cognito';
import { getAuthConfig, getConfig } from './config';

/** What the session check found: whether the token is refused, and the caller's admin rights. */
export interface SessionState {
  revoked: boolean;
  admin: 'yes' | 'no' | 'needs-mfa';
}

/**
 * Cognito's word on a user whose token claims Admin: still a member of the group? A token keeps its
 * groups claim for its whole hour, so removal from the group is only seen by asking.
 */
async function adminState(username: string): Promise<SessionState> {
  const { sdk, client } = await cognito();
  try {
    const { Groups } = await client.send(
      new sdk.AdminListGroupsForUserCommand({ UserPoolId: getAuthConfig().userPoolId, Username: username }),
    );
    return { revoked: false, admin: Groups?.some((group) => group.GroupName === ADMIN_GROUP) ? 'yes' : 'no' };
  } catch (error) {
    if (isUserNotFound(error)) return { revoked: true, admin: 'no' };
    throw error;
  }
}

/**
 * What this function last found for a token, and when. A revoked session (sign-out, account deletion)
 * or a lost admin right is refused at most `sessionRecheckSeconds` after it happened, at the cost of
 * one strongly consistent Query (and, for an admin, one Cognito call) per token and interval: never a
 * Cognito call on every request. Bounded, oldest out first.
 */
const checks = new Map<string, { at: number; state: SessionState }>();
const CHECKS_MAX = 1_000;

export async function checkSession(token: VerifiedToken, now = Date.now()): Promise<SessionState> {
  const known = checks.get(token.token);
  if (known && now - known.at < getConfig().sessionRecheckSeconds * 1000) return known.state;
  const [revoked, admin] = await Promise.all([
    isTokenRevoked(token),
    token.claimsAdmin ? adminState(token.username) : Promise.resolve<SessionState>({ revoked: false, admin: 'no' }),
  ]);
  const state: SessionState = { revoked: revoked || admin.revoked, admin: admin.admin };
  checks.delete(token.token);
  if (checks.size >= CHECKS_MAX) checks.delete(checks.keys().next().value!);
  checks.set(token.token, { at: now, state });
  return state;
}

/** Forgets what was found for a token, so its next request is checked afresh (after this function revoked it). */
export const forgetSession = (token: string): void => void checks.delete(token);

export const resetSessionChecks = (): void => checks.clear();
