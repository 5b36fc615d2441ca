import { describe, expect, it } from 'vitest';
import { authenticatorMessages } from '../../../../shared/authenticator';
import { authenticatorError } from './errors';

const named = (name: string) => Object.assign(new Error('x'), { name });

describe('authenticator errors', () => {
  it('calls a refused code a wrong code, whichever way Cognito names it', () => {
    expect(authenticatorError(named('CodeMismatchException'))).toBe(authenticatorMessages.wrongCode);
    expect(authenticatorError(named('EnableSoftwareTokenMFAException'))).toBe(authenticatorMessages.wrongCode);
    expect(authenticatorError(named('InternalErrorException'))).toBe('Unknown error, try again later');
  });
});
