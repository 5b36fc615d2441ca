import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userContract } from '../../../../../shared/contract/user';
import { call } from '../../../api/client';

/** The release versions whose EULA the caller accepted: `user/get_eula_acceptances`. */
export const getEulaAcceptances = () => call(userContract, 'get_eula_acceptances', {});

export const eulaAcceptancesQueryKey = ['user', 'get_eula_acceptances'] as const;

export const eulaAcceptancesQueryOptions = () => queryOptions({ queryKey: eulaAcceptancesQueryKey, queryFn: getEulaAcceptances });

export const useEulaAcceptances = () => useQuery(eulaAcceptancesQueryOptions());

/** Records the caller's acceptance of a release version's EULA, in the EULA version shown: `user/accept_eula`. */
export const acceptEula = ({ clientVersion, eulaVersion }: { clientVersion: string; eulaVersion: string | undefined }) =>
  call(userContract, 'accept_eula', { client_version: clientVersion, ...(eulaVersion === undefined ? {} : { eula_version: eulaVersion }) });

export function useAcceptEula() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptEula,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eulaAcceptancesQueryKey, exact: true }),
  });
}
