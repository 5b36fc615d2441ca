import { ACCOUNT_SCOPE, sessionScope } from './revocation.entity';

/**
 * A revocation is kept while a token it names may still be valid: tokens live at most an hour
 * (infra's app client), so a day is ample, and the audit of a sign-out needs no more.
 */
export const REVOCATION_KEEP_SECONDS = 24 * 3600;

/** What the revocation rules read from a verified token. */
export interface TokenFacts {
  sub: string;
  /** The sign-in the token comes from (Cognito's `origin_jti`, the same across refreshes). */
  origin?: string;
  /** Issued at, epoch seconds. */
  issuedAt: number;
}

/** Whether any of a user's revocations names this token. */
export function isRevoked(token: TokenFacts, revocations: readonly { scope: string; revoked_at: number }[]): boolean {
  return revocations.some(
    (r) =>
      (r.scope === ACCOUNT_SCOPE && token.issuedAt <= r.revoked_at) ||
      (token.origin !== undefined && r.scope === sessionScope(token.origin)),
  );
}
