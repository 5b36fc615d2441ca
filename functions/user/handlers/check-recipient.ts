import type { userContract } from '../../../shared/contract/user';
import { recipientEmailKey, recipientMessages } from '../../../shared/forms/recipient';
import { personName } from '../../domain/users/person';
import { findUserById } from '../../domain/users/users.repository';
import type { EndpointHandlers } from '../../endpoint';
import { notFound } from '../../lib/errors';

/**
 * The recipient's name when the id and the email are the same user's; one refusal for anything else. A
 * customer's checks are limited a day, of each email and in all (the contract's limits), refusals too.
 */
export const checkRecipient: EndpointHandlers<typeof userContract>['check_recipient'] = async ({ user_id, email }) => {
  const user = await findUserById(user_id);
  if (!user || recipientEmailKey(user.email) !== recipientEmailKey(email)) throw notFound(recipientMessages.noMatch);
  return { user_id, name: personName(user) };
};
