import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { namesFromAttributes } from '../../shared/forms/sign-up-names';
import { getNewsletterAdapter } from '../lib/adapters/newsletter';
import { unitHandler } from '../lib/lambda-entry';
import { logger } from '../lib/logger';

/**
 * Cognito post-confirmation trigger: a user who ticked the newsletter box at sign-up is subscribed
 * once the address is confirmed. It runs inside Cognito for that user only, so nobody can change
 * another person's subscription; a failure of the provider is logged and ignored: a failed subscription
 * must not fail the sign-up.
 */
async function subscribeIfChosen(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  const attributes = event.request.userAttributes;
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp' || attributes['custom:accepted_marketing'] !== '1') return event;
  try {
    const { first_name, last_name } = namesFromAttributes(attributes);
    await getNewsletterAdapter().subscribe({ email: attributes.email ?? '', first_name, last_name });
  } catch (error) {
    logger.warn('Newsletter subscription failed; ignored', { username: event.userName, error: (error as Error).message });
  }
  return event;
}

export const handler = unitHandler({ trigger: 'post-confirmation' }, subscribeIfChosen);
