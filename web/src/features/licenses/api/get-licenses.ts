import { queryOptions, useQuery } from '@tanstack/react-query';
import { licContract } from '../../../../../shared/contract/lic';
import { call } from '../../../api/client';

/** The caller's own licenses and those shared with them, newest first: `lic/5/get_licenses`. */
export const getLicenses = () => call(licContract, 'get_licenses', {});

export const licensesQueryKey = ['lic/5', 'get_licenses'] as const;

export const licensesQueryOptions = () => queryOptions({ queryKey: licensesQueryKey, queryFn: getLicenses });

export const useLicenses = () => useQuery(licensesQueryOptions());
