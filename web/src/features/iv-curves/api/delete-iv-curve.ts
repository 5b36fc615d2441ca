import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userContract } from '../../../../../shared/contract/user';
import { call } from '../../../api/client';
import { applyIvCurveChange } from './iv-curve-list-cache';

/** Deletes a curve and its file (`user/delete_iv_curve`); its row leaves the list. */
export function useDeleteIvCurve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(userContract, 'delete_iv_curve', { id }),
    onSuccess: ({ id }) => applyIvCurveChange(queryClient, { deletedId: id }),
  });
}
