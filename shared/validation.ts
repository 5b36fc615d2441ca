import * as z from 'zod/mini';

/** The product's validation messages, word for word: forms and the server show the same text. */
export const messages = {
  username:
    'Username must be at least 3 lower case letters or numbers with no whitespace or capital letters',
  password:
    'Password must be at least 8 characters, have at least 1 number, 1 lower case letter and 1 capital letter',
  confirmPassword: 'Confirm password must match password',
  email: 'Invalid email address',
  newPasswordRequired: 'New password is required',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  /** Names and free text refuse characters that hide or reorder what a reader sees. */
  forbiddenCharacters: 'must not contain control or text-direction characters',
} as const;

/** Lower case letters, digits and . - _ $ @ * !, at least 3, no whitespace or capitals. */
const usernamePattern = /^[a-z0-9.\-_$@*!]{3,}$/;
/** At least 8 non-whitespace characters with a lower case letter, a capital and a digit. */
const passwordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)\S{8,}$/;
const singleEmailPattern = /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/;

export const isValidUsername = (value: string): boolean => usernamePattern.test(value);
export const isValidPassword = (value: string): boolean => passwordPattern.test(value);

/** One address or several separated by ";" or ",". */
export function isValidEmail(value: string): boolean {
  const parts = value.split(/[;,]/).map((part) => part.trim());
  return parts.length > 0 && parts.every((part) => singleEmailPattern.test(part));
}

export const isNonEmpty = (value: string): boolean => value.trim().length > 0;

/**
 * C0 and C1 control characters (NUL included) and the Unicode bidirectional embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069), which let a name display as something else than it is.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlOrBidi = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** The same, but free text may hold line breaks and tabs. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlOrBidiExceptLines = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Text over its length limit; like forbiddenCharacters, it reads after the field's label. */
export const tooLongMessage = (max: number): string => `must be at most ${max} characters`;

export const hasForbiddenCharacters = (value: string): boolean => controlOrBidi.test(value);

/** The same text with each control or text-direction character (line breaks too) replaced by a space. */
export const withoutForbiddenCharacters = (value: string): string => value.replace(new RegExp(controlOrBidi.source, 'g'), ' ');

/** One line of text a person typed (a name, a title): trimmed, at most `max` characters, nothing hidden. */
export const singleLineText = (max: number) =>
  z.string().check(
    z.trim(),
    z.maxLength(max, tooLongMessage(max)),
    z.refine((value) => !controlOrBidi.test(value), messages.forbiddenCharacters),
  );

/** Free text over several lines (a comment, a description): line breaks and tabs allowed, nothing hidden. */
export const multiLineText = (max: number) =>
  z.string().check(
    z.maxLength(max, tooLongMessage(max)),
    z.refine((value) => !controlOrBidiExceptLines.test(value), messages.forbiddenCharacters),
  );

/** A username at sign-up: the username rule, as typed (no trimming: whitespace is what the rule refuses). */
export const usernameSchema = z.string().check(z.refine(isValidUsername, messages.username));

/** A password being chosen: the password rule, as typed. */
export const passwordSchema = z.string().check(z.refine(isValidPassword, messages.password));

/**
 * A new password (recovering or changing one): empty is "New password is required", anything else must
 * meet the password rule. One check with two texts, so an empty value never stops the form's other checks.
 */
export const newPasswordSchema = z.string().check(
  z.refine(isValidPassword, { error: (issue) => (issue.input === '' ? messages.newPasswordRequired : messages.password) }),
);

/** One email address, or several separated by ";" or ","; surrounding whitespace is dropped. */
export const emailSchema = z.string().check(z.trim(), z.refine(isValidEmail, messages.email));

/** Text that must not be blank (a code, a username to look up); stored trimmed. */
export const requiredText = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/** The longest name or company a profile holds (the user pool's custom:company holds 256 too). */
export const MAX_NAME_LENGTH = 256;

/** Profile names: non-empty after trimming; stored trimmed. (zod/mini keeps Lambda and SPA bundles small.) */
export const firstNameSchema = singleLineText(MAX_NAME_LENGTH).check(z.minLength(1, messages.firstName));
export const lastNameSchema = singleLineText(MAX_NAME_LENGTH).check(z.minLength(1, messages.lastName));
export const companySchema = singleLineText(MAX_NAME_LENGTH);
