import * as z from 'zod/mini';
import {
  companySchema,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  messages,
  newPasswordSchema,
  passwordSchema,
  requiredText,
  usernameSchema,
} from '../validation';

/**
 * The account forms (sign in, register, verify, forgot, recover and change password) as zod schemas: the
 * SPA's forms validate with them, and a server check of the same fields would parse with them. Each
 * field reuses the rule of shared/validation.ts, so a form and the server cannot disagree on a rule or
 * its message. A schema's output is what the form sends: names, email and codes trimmed.
 */

/**
 * Texts for the rules that have no message of their own: the SPA keeps the form's button disabled and
 * shows nothing for them (a username to look up, a code, the old password, the accepted terms).
 */
export const requiredMessages = {
  username: 'Username is required',
  password: 'Password is required',
  oldPassword: 'Old password is required',
  code: 'Code is required',
  terms: 'The terms and conditions must be accepted',
} as const;

/** A username an account already has (sign in, verify, recover): any non-blank text, trimmed. */
const existingUsername = requiredText(requiredMessages.username);
const code = requiredText(requiredMessages.code);

/** The fields a confirmation repeats, checked together: a form that has them also has the rule. */
interface WithConfirmation {
  password: string;
  confirmPassword: string;
}

/**
 * The confirmation must equal the password exactly, else "Confirm password must match password" on the
 * confirmation. It runs whenever both are strings, even while other fields are wrong, so the message
 * shows as soon as the confirmation is checked.
 */
const confirmationMatches = z.refine<WithConfirmation>((values) => values.confirmPassword === values.password, {
  error: messages.confirmPassword,
  path: ['confirmPassword'],
  when: ({ value }) => {
    const values = value as Partial<Record<keyof WithConfirmation, unknown>> | null;
    return typeof values?.password === 'string' && typeof values.confirmPassword === 'string';
  },
});

/** Sign in: a username and a password, no further rules. */
export const signInSchema = z.object({
  username: existingUsername,
  password: z.string().check(z.minLength(1, requiredMessages.password)),
});
export type SignInValues = z.input<typeof signInSchema>;

/**
 * Register: username, password, confirmation, email and names must be valid and the terms accepted;
 * company and newsletter are optional.
 */
export const registerSchema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    email: emailSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    company: companySchema,
    terms: z.boolean().check(z.refine((accepted) => accepted, requiredMessages.terms)),
    newsletter: z.boolean(),
  })
  .check(confirmationMatches);
export type RegisterValues = z.input<typeof registerSchema>;

/** The register form as it opens: every field empty, terms and newsletter unticked. */
export const emptyRegistration: RegisterValues = {
  username: '',
  password: '',
  confirmPassword: '',
  email: '',
  firstName: '',
  lastName: '',
  company: '',
  terms: false,
  newsletter: false,
};
export type Registration = z.output<typeof registerSchema>;

/** Verify: the username and the mailed code. */
export const verifySchema = z.object({ username: existingUsername, code });
export type VerifyValues = z.input<typeof verifySchema>;

/** Forgot password (and resending a verification code): only the username. */
export const usernameOnlySchema = z.object({ username: existingUsername });
export type UsernameOnlyValues = z.input<typeof usernameOnlySchema>;

/** Recover password: the username, a valid new password, its confirmation and the mailed code. */
export const recoverPasswordSchema = z
  .object({ username: existingUsername, password: newPasswordSchema, confirmPassword: z.string(), code })
  .check(confirmationMatches);
export type RecoverPasswordValues = z.input<typeof recoverPasswordSchema>;

/** Change password: the old password non-empty, a valid new one and its confirmation. */
export const changePasswordSchema = z
  .object({
    oldPassword: z.string().check(z.minLength(1, requiredMessages.oldPassword)),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .check(confirmationMatches);
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;
