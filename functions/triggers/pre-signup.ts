import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { claimEmailInPool } from '../domain/users/cognito-users';
import { EMAIL_IN_USE } from '../domain/users/email-claim.rules';
import { unitHandler } from '../lib/lambda-entry';
import { logger } from '../lib/logger';

/**
 * What the public sign-up caller may read. Cognito wraps the text into UserLambdaValidationException
 * ("PreSignUp failed with error Email already exists."); the SPA shows "Email already exists" only for
 * the first, so an internal failure never reaches the caller as if it were the address's fault.
 */
export const preSignUpMessages = {
  emailInUse: EMAIL_IN_USE,
  unavailable: 'Sign-up is not possible right now, try again later',
} as const;

class EmailInUseError extends Error {
  constructor() {
    super(preSignUpMessages.emailInUse);
  }
}

/** Claims the sign-up's email for its username, refusing an address another account holds. */
async function refuseTakenEmail(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  const email = event.request.userAttributes.email;
  if (!email) return event;
  if (!(await claimEmailInPool(event.userPoolId, email, event.userName))) {
    logger.info('Sign-up refused: email in use', { username: event.userName });
    throw new EmailInUseError();
  }
  return event;
}

const checkedSignUp = unitHandler({ trigger: 'pre-signup' }, refuseTakenEmail);

/** Cognito pre-sign-up trigger: rejects an email address that another account already uses. */
export const handler: typeof checkedSignUp = async (event, context) => {
  try {
    return await checkedSignUp(event, context);
  } catch (error) {
    if (error instanceof EmailInUseError) throw error;
    logger.error('Pre-signup failed', { error: error as Error });
    throw new Error(preSignUpMessages.unavailable, { cause: error });
  }
};
