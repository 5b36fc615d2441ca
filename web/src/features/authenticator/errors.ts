import { authenticatorMessages } from '../../../../shared/authenticator';

import { UNKNOWN_ERROR } from '../../lib/forms/unknown-error';
import { signInError } from '../auth/errors';

/**
 * A refused code: Cognito says CodeMismatchException, or EnableSoftwareTokenMFAException when the first
 * code of a new authenticator is wrong.
 */
const wrongCodeNames = new Set(['CodeMismatchException', 'EnableSoftwareTokenMFAException']);

export function authenticatorError(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (wrongCodeNames.has(name)) return authenticatorMessages.wrongCode;
  return UNKNOWN_ERROR;
}

/** The sign-in's authenticator step: a wrong code, or a session Cognito no longer takes (three minutes). */
export function authenticatorSignInError(error: unknown): { message: string; restart: boolean } {
  const name = error instanceof Error ? error.name : '';
  if (wrongCodeNames.has(name)) return { message: authenticatorMessages.wrongCode, restart: false };
  if (name === 'NotAuthorizedException' || name === 'ExpiredCodeException') {
    return { message: authenticatorMessages.challengeExpired, restart: true };
  }
  if (error instanceof TypeError) return { message: signInError(error), restart: false };
  return { message: UNKNOWN_ERROR, restart: false };
}
