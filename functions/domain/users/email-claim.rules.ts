/** The refusal both sign-up and an email change answer with; the SPA shows it as it is, word for word. */
export const EMAIL_IN_USE = 'Email already exists';

/**
 * How long a claim may wait for its holder to prove the address: an account that never confirms its
 * sign-up, or never verifies an email change, holds the address this long and no longer. Cognito's
 * codes are valid for 24 hours, so after that the holder could not finish anyway.
 */
export const UNPROVEN_CLAIM_HOURS = 24;

/** What Cognito says about a claim's holder. */
export interface ClaimHolder {
  /** Cognito's UserStatus: UNCONFIRMED until the sign-up code is entered. */
  status: string;
  /** The holder's current email attribute (with keep-original, the verified one). */
  email: string;
}

/**
 * Whether a claim still counts. A holder that is gone never holds; one that has not proven the address
 * (unconfirmed, or an email change not verified) holds it only while the claim is young.
 */
export function claimHolds(claim: { email: string; created: string }, holder: ClaimHolder | null, now = new Date()): boolean {
  if (!holder) return false;
  const proven = holder.status !== 'UNCONFIRMED' && holder.email.trim().toLowerCase() === claim.email.trim().toLowerCase();
  if (proven) return true;
  const ageHours = (now.getTime() - Date.parse(claim.created)) / 3_600_000;
  return ageHours < UNPROVEN_CLAIM_HOURS;
}
