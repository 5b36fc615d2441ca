import { queryOptions, useQuery } from '@tanstack/react-query';
import { licContract, type Person } from '../../../../../shared/contract/lic';
import { call } from '../../../api/client';

/** The users an owned license is shared with: `lic/5/get_license_shared_users`. */
export const getLicenseSharedUsers = (licenseId: number) =>
  call(licContract, 'get_license_shared_users', { license_id: licenseId });

export const licenseSharedUsersQueryKey = (licenseId: number) => ['lic/5', 'get_license_shared_users', licenseId] as const;

export const licenseSharedUsersQueryOptions = (licenseId: number) =>
  queryOptions({ queryKey: licenseSharedUsersQueryKey(licenseId), queryFn: () => getLicenseSharedUsers(licenseId) });

/**
 * Whom the license is shared with, read fresh when its Share form opens; until the answer comes, the
 * users the license list gave (`known`, with their names).
 */
export const useLicenseSharedUsers = (licenseId: number, known: readonly Person[]) =>
  useQuery({
    ...licenseSharedUsersQueryOptions(licenseId),
    placeholderData: { license_id: licenseId, user_ids: known.map(({ id }) => id), users: [...known] },
  });

/** The people of a shared-users answer: with their names, or (an answer without them) by id alone. */
export const sharedPeople = (answer: { user_ids: readonly number[]; users?: readonly Person[] } | undefined): Person[] =>
  answer?.users ? [...answer.users] : (answer?.user_ids ?? []).map((id) => ({ id, name: '' }));
