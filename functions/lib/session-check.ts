import { ADMIN_GROUP } from '../../shared/runtime';
import type { VerifiedToken } from './caller';
import { boundedMemo } from './bounded-memo';
import { cognito, isUserNotFound } from './cognito';
import { getAuthConfig, getConfig } from './config';

/** What the session check found: whether the token is refused, and the caller's admin rights. */
/**
 * Whether a verified token's sign-in was revoked (a sign-out, an account deletion): the sessions domain
 * answers it; the platform only asks, so it knows no domain.
 */
export type RevocationCheck = (token: VerifiedToken) => Promise<boolean>;

export interface SessionState {
  revoked: boolean;
  admin: 'yes' | 'no' | 'needs-mfa';
}

/** The authenticator (TOTP) second factor, the one the pool offers; an admin must have it on. */
export const SOFTWARE_TOKEN_MFA = 'SOFTWARE_TOKEN_MFA';

/**
 * Cognito's word on a user whose token claims Admin: still a member of the group, and with an
 * authenticator? A token keeps its groups claim for its whole hour, so removal from the group is only
 * seen by asking; and the pool cannot require a second factor of one group only, so the API does: an
 * Admin member without one has no admin rights until they set it up.
 */
export async function adminState(username: string): Promise<SessionState> {
  const { sdk, client } = await cognito();
  const UserPoolId = getAuthConfig().userPoolId;
  try {
    const [{ Groups }, { UserMFASettingList }] = await Promise.all([
      client.send(new sdk.AdminListGroupsForUserCommand({ UserPoolId, Username: username })),
      client.send(new sdk.AdminGetUserCommand({ UserPoolId, Username: username })),
    ]);
    if (!Groups?.some((group) => group.GroupName === ADMIN_GROUP)) return { revoked: false, admin: 'no' };
    return { revoked: false, admin: UserMFASettingList?.includes(SOFTWARE_TOKEN_MFA) ? 'yes' : 'needs-mfa' };
  } catch (error) {
    if (isUserNotFound(error)) return { revoked: true, admin: 'no' };
    throw error;
  }
}

/**
 * What this function last found for a token, and when. A revoked session (sign-out, account deletion)
 * or a lost admin right is refused at most `sessionRecheckSeconds` after it happened, at the cost of
 * one strongly consistent Query (and, for an admin, two Cognito calls) per token and interval: never a
 * Cognito call on every request. Bounded, oldest out first.
 */
const checks = boundedMemo<string, { at: number; state: SessionState }>(1_000);

/** What the last check found for a token, while it is still to be trusted (within the interval): nothing to wait for. */
export function rememberedSession(token: string, now = Date.now()): SessionState | undefined {
  const known = checks.get(token);
  return known && now - known.at < getConfig().sessionRecheckSeconds * 1000 ? known.state : undefined;
}

export async function checkSession(token: VerifiedToken, isRevoked: RevocationCheck, now = Date.now()): Promise<SessionState> {
  const known = rememberedSession(token.token, now);
  if (known) return known;
  const [revoked, admin] = await Promise.all([
    isRevoked(token),
    token.claimsAdmin ? adminState(token.username) : Promise.resolve<SessionState>({ revoked: false, admin: 'no' }),
  ]);
  const state: SessionState = { revoked: revoked || admin.revoked, admin: admin.admin };
  checks.delete(token.token);
  // An admin setting up their authenticator gets their rights on the next request, not an interval later.
  if (state.admin === 'needs-mfa') return state;
  checks.set(token.token, { at: now, state });
  return state;
}

/** Forgets what was found for a token, so its next request is checked afresh (after this function revoked it). */
export const forgetSession = (token: string): void => checks.delete(token);

export const resetSessionChecks = (): void => checks.clear();
