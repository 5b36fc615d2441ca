import { authenticatorMessages } from '../../../../shared/authenticator';
import { UNKNOWN_ERROR } from '../../lib/forms/unknown-error';
import { isWrongCode } from '../../lib/forms/wrong-code';

/** Setting up or checking an authenticator: a wrong code, else the unknown error. */
export function authenticatorError(error: unknown): string {
  if (isWrongCode(error)) return authenticatorMessages.wrongCode;
  return UNKNOWN_ERROR;
}
