import { isNonEmpty, isValidEmail, isValidPassword, isValidUsername, messages } from '../../../../shared/validation';

/**
 * The account forms' rules (spec §5) as pure functions over the form values. Each `…Errors` function
 * returns the message to show per field (shared/validation.ts `messages`, word for word); each `can…`
 * says whether the form's button is enabled, which also needs the fields the spec gives no message for
 * (a code, the old password, the terms checkbox).
 */

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export const usernameRule = (value: string): string | null => (isValidUsername(value) ? null : messages.username);
export const passwordRule = (value: string): string | null => (isValidPassword(value) ? null : messages.password);
/** A new password (recover, change): empty is "New password is required", otherwise the password rule. */
export const newPasswordRule = (value: string): string | null =>
  value === '' ? messages.newPasswordRequired : passwordRule(value);
export const confirmPasswordRule = (value: string, password: string): string | null =>
  value === password ? null : messages.confirmPassword;
/** One address, or several separated by ";" or ",". */
export const emailRule = (value: string): string | null => (isValidEmail(value.trim()) ? null : messages.email);
export const firstNameRule = (value: string): string | null => (isNonEmpty(value) ? null : messages.firstName);
export const lastNameRule = (value: string): string | null => (isNonEmpty(value) ? null : messages.lastName);

function collect<T>(rules: { [K in keyof T]?: string | null }): FieldErrors<T> {
  const errors: FieldErrors<T> = {};
  for (const key of Object.keys(rules) as (keyof T)[]) {
    const message = rules[key];
    if (message) errors[key] = message;
  }
  return errors;
}

const isEmpty = (errors: object): boolean => Object.keys(errors).length === 0;

export interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  terms: boolean;
  newsletter: boolean;
}

export const emptyRegisterValues: RegisterValues = {
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

/** Register: username, password, confirmation, email and names; company and newsletter are optional. */
export const registerErrors = (values: RegisterValues): FieldErrors<RegisterValues> =>
  collect<RegisterValues>({
    username: usernameRule(values.username),
    password: passwordRule(values.password),
    confirmPassword: confirmPasswordRule(values.confirmPassword, values.password),
    email: emailRule(values.email),
    firstName: firstNameRule(values.firstName),
    lastName: lastNameRule(values.lastName),
  });

/** Registration also needs the terms accepted. */
export const canRegister = (values: RegisterValues): boolean => values.terms && isEmpty(registerErrors(values));

/** The user pool attributes of spec §3 for a registration. */
export function signUpAttributes(values: RegisterValues): Record<string, string> {
  const company = values.company.trim();
  return {
    name: values.firstName.trim(),
    family_name: values.lastName.trim(),
    email: values.email.trim(),
    ...(company ? { 'custom:company': company } : {}),
    'custom:admin_terms_accepted': '1',
    'custom:accepted_marketing': values.newsletter ? '1' : '0',
  };
}

export interface VerifyValues {
  username: string;
  code: string;
}

export const canVerify = (values: VerifyValues): boolean => isNonEmpty(values.username) && isNonEmpty(values.code);
/** Resending a code needs only the username. */
export const canResendCode = (values: Pick<VerifyValues, 'username'>): boolean => isNonEmpty(values.username);
export const canRequestReset = (values: { username: string }): boolean => isNonEmpty(values.username);

export interface RecoverPasswordValues {
  username: string;
  password: string;
  confirmPassword: string;
  code: string;
}

export const recoverPasswordErrors = (values: RecoverPasswordValues): FieldErrors<RecoverPasswordValues> =>
  collect<RecoverPasswordValues>({
    password: newPasswordRule(values.password),
    confirmPassword: confirmPasswordRule(values.confirmPassword, values.password),
  });

/** Recover password: a valid password, its confirmation and a code (and whose account it is). */
export const canRecoverPassword = (values: RecoverPasswordValues): boolean =>
  isNonEmpty(values.username) && isNonEmpty(values.code) && isEmpty(recoverPasswordErrors(values));

export interface ChangePasswordValues {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

export const changePasswordErrors = (values: ChangePasswordValues): FieldErrors<ChangePasswordValues> =>
  collect<ChangePasswordValues>({
    password: newPasswordRule(values.password),
    confirmPassword: confirmPasswordRule(values.confirmPassword, values.password),
  });

/** Change password: old password non-empty, new password and confirmation valid. */
export const canChangePassword = (values: ChangePasswordValues): boolean =>
  values.oldPassword !== '' && isEmpty(changePasswordErrors(values));
