import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { licContract } from '../../../../../shared/contract/lic';
import { call } from '../../../api/client';
import { licensesQueryKey } from './get-licenses';

export type MoveLicenseInput = CmdInput<typeof licContract, 'move_license'>;

/** Gives an owned license that no machine holds to another user: `lic/5/move_license`. */
export const moveLicense = (input: MoveLicenseInput) => call(licContract, 'move_license', input);

/** The move, which reloads the license list (the license leaves it). */
export function useMoveLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveLicense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licensesQueryKey, exact: true }),
  });
}
