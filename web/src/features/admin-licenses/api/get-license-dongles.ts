import { queryOptions, useQuery } from '@tanstack/react-query';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { call } from '../../../api/client';

/** The licenses bound to a dongle, newest first (up to 9999): `lic/5/get_license_dongles`. */
export const getLicenseDongles = () => call(licAdminContract, 'get_license_dongles', {});

export const licenseDonglesQueryKey = ['lic/5', 'get_license_dongles'] as const;

export const licenseDonglesQueryOptions = () => queryOptions({ queryKey: licenseDonglesQueryKey, queryFn: getLicenseDongles });

export const useLicenseDongles = () => useQuery(licenseDonglesQueryOptions());
