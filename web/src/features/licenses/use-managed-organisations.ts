import { organisationsContract, type Membership } from '../../../../shared/organisations/organisations.contract';
import { useCmdQuery } from '../../api/cmd-query';
import { managedOrganisations } from './organisation-licenses';

/** The organisations the caller owns or administers, where their licenses and codes may go (none until read). */
export function useManagedOrganisations(): Membership[] {
  const mine = useCmdQuery(organisationsContract, 'get_my_organisations', {});
  return managedOrganisations(mine.data?.organisations);
}
