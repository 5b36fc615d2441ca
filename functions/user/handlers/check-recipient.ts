import { createHash } from 'node:crypto';
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

/**
 * How often a customer may check one email in a day: someone who knows only an email could otherwise try
 * user id after user id with it. A colleague's id is typed once or twice, a slip corrected a few times.
 */
export const MAX_CHECKS_PER_EMAIL_PER_DAY = 5;
export const dailyEmailChecks = (email: string): AttemptLimit => ({
  // One counter per email checked; the key holds a hash of it, not the address.
  action: `check-recipient-email#${createHash('sha256').update(recipientEmailKey(email)).digest('hex').slice(0, 32)}`,
  max: MAX_CHECKS_PER_EMAIL_PER_DAY,
  windowSeconds: 24 * 3600,
  message: recipientMessages.emailCheckBudget(MAX_CHECKS_PER_EMAIL_PER_DAY),
});

/** The recipient's name when the id and the email are the same user's; one refusal for anything else. */
export const checkRecipient: EndpointHandlers<typeof userContract>['check_recipient'] = async ({ user_id, email }, { caller }) => {
  if (!caller.isAdmin) {
    const callerId = await callerUserId(caller);
    await takeAttempt(dailyEmailChecks(email), callerId);
    await takeAttempt(dailyRecipientChecks, callerId);
  }
  const user = await findUserById(user_id);
  if (!user || recipientEmailKey(user.email) !== recipientEmailKey(email)) throw notFound(recipientMessages.noMatch);
  return { user_id, name: personName(user) };
};
