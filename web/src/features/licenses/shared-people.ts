import type { Person } from '../../../../shared/contract/lic';

/** The people of a shared-users answer: with their names, or (an answer without them) by id alone. */
export const sharedPeople = (answer: { user_ids: readonly number[]; users?: readonly Person[] } | undefined): Person[] =>
  answer?.users ? [...answer.users] : (answer?.user_ids ?? []).map((id) => ({ id, name: '' }));
