import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { followEmailChange } from '../domain/users/caller-user';
import { findUserBySub } from '../domain/users/users.repository';
import { unitHandler } from '../lib/lambda-entry';
import { logger } from '../lib/logger';

/**
 * Cognito pre-token-generation trigger: runs at every sign-in and refresh with the user's attributes of
 * that moment. A verified email that differs from the stored one is a finished email change: the user
 * record follows it and the old address is freed. A failure here is logged, never a failed sign-in.
 */
async function followVerifiedEmail(event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> {
  const { sub, email, email_verified } = event.request.userAttributes;
  if (!sub || !email || email_verified !== 'true') return event;
  try {
    const user = await findUserBySub(sub);
    if (user && user.email !== email) await followEmailChange(user, email);
  } catch (error) {
    logger.error('Could not follow an email change; the next sign-in tries again', { error: error as Error });
  }
  return event;
}

export const handler = unitHandler({ trigger: 'pre-token-generation' }, followVerifiedEmail);
