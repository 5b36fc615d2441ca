import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { signUpNamesRefusal } from '../../shared/forms/sign-up-names';
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

/** A sign-up refused for what the caller sent: its message is for the caller, word for word. */
class SignUpRefusedError extends Error {}

/**
 * Checks the sign-up: the names and company by the profile's rules (before anything is claimed, so a
 * refused sign-up holds nothing), then claims its email for its username, refusing an address another
 * account holds.
 */
async function checkSignUp(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  // A customer's own sign-up must name them, as the register form asks; an admin-made account is
  // checked for what it carries.
  const refusal = signUpNamesRefusal(event.request.userAttributes, { namesRequired: event.triggerSource === 'PreSignUp_SignUp' });
  if (refusal) {
    logger.info('Sign-up refused: names', { username: event.userName, refusal });
    throw new SignUpRefusedError(refusal);
  }
  const email = event.request.userAttributes.email;
  if (!email) return event;
  if (!(await claimEmailInPool(event.userPoolId, email, event.userName))) {
    logger.info('Sign-up refused: email in use', { username: event.userName });
    throw new SignUpRefusedError(preSignUpMessages.emailInUse);
  }
  return event;
}

const checkedSignUp = unitHandler({ trigger: 'pre-signup' }, checkSignUp);

/**
 * Cognito pre-sign-up trigger: rejects names and company the profile would refuse (control and
 * text-direction characters, over-long, missing names) and an email address another account already uses.
 */
export const handler: typeof checkedSignUp = async (event, context) => {
  try {
    return await checkedSignUp(event, context);
  } catch (error) {
    if (error instanceof SignUpRefusedError) throw error;
    logger.error('Pre-signup failed', { error: error as Error });
    throw new Error(preSignUpMessages.unavailable, { cause: error });
  }
};
