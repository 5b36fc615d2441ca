import * as z from 'zod/mini';

/** Validation messages of spec §5, word for word. Forms and the server show the same text. */
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

/** Profile names: non-empty after trimming; stored trimmed. (zod/mini keeps Lambda and SPA bundles small.) */
export const firstNameSchema = z.string().check(z.trim(), z.minLength(1, messages.firstName), z.maxLength(256));
export const lastNameSchema = z.string().check(z.trim(), z.minLength(1, messages.lastName), z.maxLength(256));
export const companySchema = z.string().check(z.trim(), z.maxLength(256));
