import { authenticatorMessages } from '../../../../shared/authenticator';
import { signUpNameRefusalTexts } from '../../../../shared/forms/sign-up-names';
import { messages } from '../../../../shared/validation';
import { UNKNOWN_ERROR } from '../../lib/forms/unknown-error';
import { isWrongCode } from '../../lib/forms/wrong-code';

/**
 * The product's error texts for the identity provider's answers, word for word. Cognito rejects with
 * an error whose `name` is the exception type (e.g. "CodeMismatchException"); each screen maps the names
 * it knows to its text and everything else to its fallback.
 */

export { UNKNOWN_ERROR };

export const changePasswordMessages = {
  LimitExceededException: 'Already tried to change password',
  NotAuthorizedException: 'Incorrect password provided',
} as const;

export const recoverPasswordMessages = {
  UserNotFoundException: 'Wrong username',
  LimitExceededException: 'Already tried to recover password',
} as const;

export const signUpMessages = {
  UserLambdaValidationException: 'Email already exists',
  InvalidPasswordException: `Wrong password pattern provided. ${messages.password}`,
  UsernameExistsException: 'User already exists',
} as const;

export const verifyMessages = {
  LimitExceededException: 'Already resend verification code',
  UserNotFoundException: 'Wrong username',
  InvalidParameterException: 'User is already confirmed',
  NotAuthorizedException: 'User is already confirmed',
  ExpiredCodeException: 'Invalid code provided',
  CodeMismatchException: 'Invalid verification code provided, please try again',
} as const;

/** Verify's fallback names the error: Unknown error: "{name}", try again later. */
export const unknownVerifyError = (name: string): string => `Unknown error: "${name}", try again later`;

/** Sign-in failure: Login failed - {message}. */
export const loginFailed = (message: string): string => `Login failed - ${message}`;

/** The error's name (the Cognito exception type), or '' for something that is not an error. */
export function errorName(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string') return error.name;
  return '';
}

const lookup = (table: Record<string, string>, error: unknown): string | undefined => {
  const name = errorName(error);
  return Object.hasOwn(table, name) ? table[name] : undefined;
};

/** Change password (ChangePassword). */
export const changePasswordError = (error: unknown): string => lookup(changePasswordMessages, error) ?? UNKNOWN_ERROR;

/** Recover password (ForgotPassword and ConfirmForgotPassword). */
export const recoverPasswordError = (error: unknown): string => lookup(recoverPasswordMessages, error) ?? UNKNOWN_ERROR;

/**
 * Sign-up (SignUp). The pre-signup trigger's refusals all arrive as UserLambdaValidationException
 * ("PreSignUp failed with error Email already exists."): the duplicate email and the names the profile
 * would refuse (the form's own words) are shown as the trigger says them; any other text (the service
 * failing) is the unknown error.
 */
export function signUpError(error: unknown): string {
  if (errorName(error) === 'UserLambdaValidationException') {
    const text = error instanceof Error ? error.message : '';
    if (text.includes(signUpMessages.UserLambdaValidationException)) return signUpMessages.UserLambdaValidationException;
    const said = /failed with error (.*?)\.?$/.exec(text)?.[1];
    return said !== undefined && signUpNameRefusalTexts.has(said) ? said : UNKNOWN_ERROR;
  }
  return lookup(signUpMessages, error) ?? UNKNOWN_ERROR;
}

/** Verify (ConfirmSignUp and ResendConfirmationCode). */
export const verifyError = (error: unknown): string =>
  lookup(verifyMessages, error) ?? unknownVerifyError(errorName(error) || 'unknown');

/** Sign-in (InitiateAuth): the provider's own message; a network failure or no answer in time gets a readable one. */
export function signInError(error: unknown): string {
  if (error instanceof TypeError || errorName(error) === 'TimeoutError') return loginFailed('Cannot reach the sign-in service');
  if (error instanceof Error && error.message) return loginFailed(error.message);
  return loginFailed(UNKNOWN_ERROR);
}

/** The sign-in's authenticator step: a wrong code, or a session Cognito no longer takes (three minutes). */
export function authenticatorSignInError(error: unknown): { message: string; restart: boolean } {
  if (isWrongCode(error)) return { message: authenticatorMessages.wrongCode, restart: false };
  const name = errorName(error);
  if (name === 'NotAuthorizedException' || name === 'ExpiredCodeException') {
    return { message: authenticatorMessages.challengeExpired, restart: true };
  }
  if (error instanceof TypeError) return { message: signInError(error), restart: false };
  return { message: UNKNOWN_ERROR, restart: false };
}
