import { queryOptions, useQuery } from '@tanstack/react-query';
import { userContract } from '../../../../../shared/contract/user';
import { call } from '../../../api/client';

/** The caller's IV curve list: what an upload changes. */
export const ivCurvesQueryKey = ['user', 'get_iv_curves'] as const;

/** The curves the caller may see, newest first: `user/get_iv_curves`. */
export const ivCurvesQueryOptions = () => queryOptions({ queryKey: ivCurvesQueryKey, queryFn: () => call(userContract, 'get_iv_curves', {}) });

export const useIvCurves = () => useQuery(ivCurvesQueryOptions());
