import * as z from 'zod/mini';
import { recipientEmailFieldSchema } from './recipient';

/**
 * The license forms of the customer's Licenses screen (Move and Share) as zod schemas. Each field holds
 * the typed text; the schema's output is the cmd's param, the user id as a number, beside the
 * recipient's email, which only check_recipient takes.
 */

export const licenseFormMessages = {
  /** No message shows for it: an empty user field only keeps the form's button disabled. */
  userIdRequired: 'User id is required',
  userId: 'A user id is a whole number above 0',
  /** What the user field says beside it: what to type, and where the colleague finds it. */
  userIdHint: 'Your colleague\'s user id, a number: they find it on their Profile or Licenses page',
  /** Why the form's button stays disabled while the field holds something that is not a user id. */
  userIdBlocks: (button: string) => `A user id is a whole number above 0: ${button} stays disabled until the field holds one`,
} as const;

/** A user id as typed: digits only (surrounding spaces dropped), above 0, and small enough to be exact. */
export const isUserIdText = (text: string): boolean => /^\d{1,15}$/.test(text.trim()) && Number(text) > 0;

/** The user a license goes to or is shared with: required, a positive whole number. */
export const userIdFieldSchema = z.pipe(
  z.string().check(
    z.trim(),
    z.refine(isUserIdText, {
      error: (issue) => (issue.input === '' ? licenseFormMessages.userIdRequired : licenseFormMessages.userId),
    }),
  ),
  z.transform((text: string) => Number(text)),
);

/** Move: the user id the license goes to, and that user's email (checked before the confirm). */
export const moveLicenseFormSchema = z.object({ to_user_id: userIdFieldSchema, email: recipientEmailFieldSchema });
export type MoveLicenseFormValues = z.input<typeof moveLicenseFormSchema>;

/** Share: the user id the license is shared with, and that user's email (checked before the confirm). */
export const shareLicenseFormSchema = z.object({ with_user_id: userIdFieldSchema, email: recipientEmailFieldSchema });
export type ShareLicenseFormValues = z.input<typeof shareLicenseFormSchema>;
