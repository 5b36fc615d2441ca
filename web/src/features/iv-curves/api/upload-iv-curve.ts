import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CmdInput, CmdResult } from '../../../../../shared/contract/define';
import { userContract } from '../../../../../shared/contract/user';
import { call } from '../../../api/client';
import { ivCurvesQueryKey } from './get-iv-curves';

export type UploadIvCurveInput = CmdInput<typeof userContract, 'upload_iv_curve'>;
type IvCurveList = CmdResult<typeof userContract, 'get_iv_curves'>;

/** Uploads a curve file, new or the next version of one: `user/upload_iv_curve` (multipart). */
export const uploadIvCurve = (input: UploadIvCurveInput) => call(userContract, 'upload_iv_curve', input);

/**
 * The upload. Its answer is the curve as the list shows it, so it goes straight into the list (the list
 * reads an index that may lag a moment behind the write): an updated curve replaces its row, a new one
 * comes first.
 */
export function useUploadIvCurve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadIvCurve,
    onSuccess: (curve) =>
      queryClient.setQueryData<IvCurveList>(ivCurvesQueryKey, (list) =>
        list ? { ...list, curves: [curve, ...list.curves.filter((row) => row.id !== curve.id)].sort((a, b) => b.id - a.id) } : list,
      ),
  });
}
