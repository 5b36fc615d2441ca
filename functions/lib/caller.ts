import type { TokenUse } from '../../shared/contract/define';

/** Who is calling, from a verified Cognito token. */
export interface Caller {
  sub: string;
  username: string;
  /** The token claims Admin and Cognito still says so (checked at most every few seconds, see session-check). */
  isAdmin: boolean;
  /** The token claims Admin, but its user has no two-factor sign-in set up: admin cmds are refused. */
  adminNeedsMfa: boolean;
  /** The token as sent; an access token can ask Cognito for the user's attributes. */
  token: string;
  tokenUse: TokenUse;
  /**
   * The sign-in the token belongs to: Cognito's `origin_jti`, the same for the access and id tokens of
   * a sign-in and its refreshes; a token without one stands for itself (its `jti`).
   */
  origin?: string;
  /** Issued at, epoch seconds. */
  issuedAt: number;
  /** The user's attributes when the token carries them (id tokens): email, name, custom:… */
  attributes?: Record<string, string>;
  /** Only id tokens say whether the email address was verified. */
  emailVerified?: boolean;
}

/** What the verifier found in a token, before the session check. */
export type VerifiedToken = Omit<Caller, 'isAdmin' | 'adminNeedsMfa'> & { claimsAdmin: boolean; expiresAt: number };

/**
 * The signed-in caller as a handler sees them: their user id (resolved once per call by the pipeline),
 * whether they act as an admin, and the verified token for the few cmds that need more of it.
 */
export interface Viewer {
  userId: number;
  isAdmin: boolean;
  caller: Caller;
}
