import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { userContract } from '../../../../../shared/contract/user';
import { call } from '../../../api/client';

export type IvCurvesParams = CmdInput<typeof userContract, 'get_iv_curves'>;

/** Every page, order and search of the caller's IV curve list: what an upload or a delete changes. */
export const ivCurvesQueryKey = ['user', 'get_iv_curves'] as const;

/** One page of the curves the caller may see: `user/get_iv_curves`. */
export const ivCurvesQueryOptions = (params: IvCurvesParams) =>
  queryOptions({
    queryKey: [...ivCurvesQueryKey, params],
    queryFn: () => call(userContract, 'get_iv_curves', params),
    placeholderData: keepPreviousData,
  });

export const useIvCurves = (params: IvCurvesParams) => useQuery(ivCurvesQueryOptions(params));
