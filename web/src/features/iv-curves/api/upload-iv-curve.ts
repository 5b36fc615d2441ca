import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { userContract } from '../../../../../shared/contract/user';
import { call } from '../../../api/client';
import { applyIvCurveChange } from './iv-curve-list-cache';

export type UploadIvCurveInput = CmdInput<typeof userContract, 'upload_iv_curve'>;

/** Uploads a curve file, new or the next version of one: `user/upload_iv_curve` (multipart). */
export const uploadIvCurve = (input: UploadIvCurveInput) => call(userContract, 'upload_iv_curve', input);

/** The upload; its answer is the curve as the list shows it, and goes straight into the list. */
export function useUploadIvCurve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadIvCurve,
    onSuccess: (stored) => applyIvCurveChange(queryClient, { stored }),
  });
}
