import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { claimEmailInPool } from '../domain/users/cognito-users';
import { EMAIL_IN_USE } from '../domain/users/email-claim.rules';
import { unitHandler } from '../lib/lambda-entry';
import { logger } from '../lib/logger';

/** The messages that carry a code for a new email address: the change, and a code asked for again. */
const emailChangeSources = new Set(['CustomMessage_UpdateUserAttribute', 'CustomMessage_VerifyUserAttribute']);

/**
 * Cognito custom-message trigger, used for one rule: an email change keeps addresses unique after
 * sign-up too. Before Cognito mails the code for a new address, the address is claimed for this user;
 * if another account holds it, the trigger fails, so no code is sent and the change can never be
 * verified (the pool keeps the original address until it is). Every other message is Cognito's own.
 */
async function guardEmailChange(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const email = event.request.userAttributes.email;
  if (!emailChangeSources.has(event.triggerSource) || !email) return event;
  if (!(await claimEmailInPool(event.userPoolId, email, event.userName))) {
    logger.info('Email change refused: address in use', { username: event.userName });
    throw new Error(EMAIL_IN_USE);
  }
  return event;
}

export const handler = unitHandler({ trigger: 'custom-message' }, guardEmailChange);
