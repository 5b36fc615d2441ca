import type { userContract } from '../../../shared/contract/user';
import { recipientEmailKey, recipientMessages } from '../../../shared/forms/recipient';
import { callerUserId } from '../../domain/users/caller-user';
import { personName } from '../../domain/users/person';
import { findUserById } from '../../domain/users/users.repository';
import { takeAttempt, type AttemptLimit } from '../../lib/db/attempt-limit';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { notFound } from '../../lib/errors';

/**
 * How many recipients a customer may check in a day: each match names a person whose email the caller
 * knew, so the checks are no way to collect names; as many as the shares a day allows.
 */
export const MAX_RECIPIENT_CHECKS_PER_DAY = 100;
export const dailyRecipientChecks: AttemptLimit = {
  action: 'check-recipient',
  max: MAX_RECIPIENT_CHECKS_PER_DAY,
  windowSeconds: 24 * 3600,
  message: recipientMessages.checkBudget(MAX_RECIPIENT_CHECKS_PER_DAY),
};

/** The recipient's name when the id and the email are the same user's; one refusal for anything else. */
export const checkRecipient: EndpointHandlers<typeof userContract>['check_recipient'] = async ({ user_id, email }, { caller }) => {
  if (!caller.isAdmin) await takeAttempt(dailyRecipientChecks, await callerUserId(caller));
  const user = await findUserById(user_id);
  if (!user || recipientEmailKey(user.email) !== recipientEmailKey(email)) throw notFound(recipientMessages.noMatch);
  return { user_id, name: personName(user) };
};
