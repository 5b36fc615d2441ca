import * as z from 'zod/mini';

/**
 * Whom a license or unit goes to (Move) or is shared with (Share): the user id and that user's email,
 * both typed by the person who knows their colleague. The portal names the recipient only when both
 * belong to the same user (`check_recipient`), so a one-digit slip in the id stops there, and nobody
 * learns a name or an email they did not already know.
 */
export const recipientMessages = {
  /** The same answer for an id nobody has, an email that is not theirs, and a deleted account. */
  noMatch: 'No user has this user id and email: check both with your colleague',
  emailLabel: 'Their email',
  emailHint: 'The email your colleague signs in with: the portal checks that the user id is theirs',
  emailRequired: 'Their email is required',
  emailMalformed: 'An email address, such as kim@example.com',
} as const;

/** The email as typed for the comparison: surrounding spaces dropped, any case. */
export const recipientEmailKey = (email: string): string => email.trim().toLowerCase();

/** check_recipient's email param: the longest address the user pool holds. */
export const recipientEmailSchema = z.string().check(z.trim(), z.minLength(1, recipientMessages.emailRequired), z.maxLength(254));

/** A confirm's words for the recipient: their name with the id typed, "Nina Berg (user 52)". */
export const recipientText = ({ user_id, name }: { user_id: number; name: string }): string =>
  name ? `${name} (user ${user_id})` : `user ${user_id}`;

/** The recipient's email as the Move and Share forms take it: one address, required. */
export const recipientEmailFieldSchema = z.string().check(
  z.trim(),
  z.refine((text: string) => /^[^\s@]+@[^\s@]+$/.test(text), {
    error: (issue) => (issue.input === '' ? recipientMessages.emailRequired : recipientMessages.emailMalformed),
  }),
);
