import { describe, expect, it } from 'vitest';
import { authenticatorMessages } from '../../../../shared/authenticator';
import {
  UNKNOWN_ERROR,
  authenticatorSignInError,
  changePasswordError,
  errorName,
  loginFailed,
  recoverPasswordError,
  signInError,
  signUpError,
  verifyError,
} from './errors';

/** An error as the Cognito SDK rejects with it: the exception type in `name`. */
const cognitoError = (name: string, message = 'provider text') => Object.assign(new Error(message), { name });

describe('error catalogue', () => {
  it('maps change password errors', () => {
    expect(changePasswordError(cognitoError('LimitExceededException'))).toBe('Already tried to change password');
    expect(changePasswordError(cognitoError('NotAuthorizedException'))).toBe('Incorrect password provided');
    expect(changePasswordError(cognitoError('InvalidPasswordException'))).toBe('Unknown error, try again later');
    expect(changePasswordError(new TypeError('Failed to fetch'))).toBe('Unknown error, try again later');
  });

  it('maps recover password errors', () => {
    expect(recoverPasswordError(cognitoError('UserNotFoundException'))).toBe('Wrong username');
    expect(recoverPasswordError(cognitoError('LimitExceededException'))).toBe('Already tried to recover password');
    expect(recoverPasswordError(cognitoError('CodeMismatchException'))).toBe('Unknown error, try again later');
    expect(recoverPasswordError(undefined)).toBe('Unknown error, try again later');
  });

  it('maps sign-up errors, the password pattern one followed by the password rule', () => {
    expect(signUpError(cognitoError('UserLambdaValidationException', 'PreSignUp failed with error Email already exists.'))).toBe(
      'Email already exists',
    );
    expect(signUpError(cognitoError('UserLambdaValidationException', 'PreSignUp failed with error Sign-up is not possible right now, try again later.'))).toBe(
      'Unknown error, try again later',
    );
    expect(signUpError(cognitoError('UserLambdaValidationException', 'PreSignUp failed with error Task timed out.'))).toBe(UNKNOWN_ERROR);
    // The trigger's refusal of a name, in the register form's words.
    expect(
      signUpError(cognitoError('UserLambdaValidationException', 'PreSignUp failed with error First name must not contain control or text-direction characters.')),
    ).toBe('First name must not contain control or text-direction characters');
    expect(signUpError(cognitoError('UserLambdaValidationException', 'PreSignUp failed with error Company must be at most 256 characters.'))).toBe(
      'Company must be at most 256 characters',
    );
    expect(signUpError(cognitoError('UserLambdaValidationException', 'PreSignUp failed with error First name is shady.'))).toBe(UNKNOWN_ERROR);
    expect(signUpError(cognitoError('InvalidPasswordException'))).toBe(
      'Wrong password pattern provided. Password must be at least 8 characters, have at least 1 number, 1 lower case letter and 1 capital letter',
    );
    expect(signUpError(cognitoError('UsernameExistsException'))).toBe('User already exists');
    expect(signUpError(cognitoError('InvalidParameterException'))).toBe('Unknown error, try again later');
  });

  it('maps verify errors and names an unknown one', () => {
    expect(verifyError(cognitoError('LimitExceededException'))).toBe('Already resend verification code');
    expect(verifyError(cognitoError('UserNotFoundException'))).toBe('Wrong username');
    expect(verifyError(cognitoError('InvalidParameterException'))).toBe('User is already confirmed');
    expect(verifyError(cognitoError('NotAuthorizedException'))).toBe('User is already confirmed');
    expect(verifyError(cognitoError('ExpiredCodeException'))).toBe('Invalid code provided');
    expect(verifyError(cognitoError('CodeMismatchException'))).toBe('Invalid verification code provided, please try again');
    expect(verifyError(cognitoError('TooManyRequestsException'))).toBe('Unknown error: "TooManyRequestsException", try again later');
    expect(verifyError('not an error')).toBe('Unknown error: "unknown", try again later');
  });

  it('prefixes a failed sign-in with "Login failed - "', () => {
    expect(loginFailed('Incorrect username or password.')).toBe('Login failed - Incorrect username or password.');
    expect(signInError(cognitoError('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      'Login failed - Incorrect username or password.',
    );
    expect(signInError(new TypeError('Failed to fetch'))).toBe('Login failed - Cannot reach the sign-in service');
    const noAnswer = Object.assign(new Error('Request did not complete within 5000 ms'), { name: 'TimeoutError' });
    expect(signInError(noAnswer)).toBe('Login failed - Cannot reach the sign-in service');
    expect(signInError(null)).toBe(`Login failed - ${UNKNOWN_ERROR}`);
  });

  it('does not mistake inherited property names for error names', () => {
    expect(signUpError(cognitoError('toString'))).toBe(UNKNOWN_ERROR);
    expect(errorName({ name: 42 })).toBe('');
  });

  it('sends the sign-in back to its first step once Cognito no longer takes its session', () => {
    expect(authenticatorSignInError(cognitoError('CodeMismatchException'))).toEqual({ message: authenticatorMessages.wrongCode, restart: false });
    expect(authenticatorSignInError(cognitoError('NotAuthorizedException'))).toEqual({
      message: authenticatorMessages.challengeExpired,
      restart: true,
    });
  });
});
