import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { userAdminContract } from '../../../../../shared/contract/user.admin';
import { call } from '../../../api/client';

export type AuditEntriesParams = CmdInput<typeof userAdminContract, 'get_audit_entries'>;
export type AuditCsvParams = CmdInput<typeof userAdminContract, 'get_audit_csv'>;

/** One page of the audit trail, filtered and sorted: `user/get_audit_entries`. */
export const auditEntriesQueryOptions = (params: AuditEntriesParams) =>
  queryOptions({
    queryKey: ['user', 'get_audit_entries', params],
    queryFn: () => call(userAdminContract, 'get_audit_entries', params),
    // The page shown stays while the next page, order or filter loads.
    placeholderData: keepPreviousData,
  });

export const useAuditEntries = (params: AuditEntriesParams) => useQuery(auditEntriesQueryOptions(params));

/** The filtered trail as a CSV file: `user/get_audit_csv` answers where it is and for how long. */
export const createAuditCsv = (params: AuditCsvParams) => call(userAdminContract, 'get_audit_csv', params);

/** The administrators, for the Admin filter: `user/get_admins` (the cache the case screens share). */
export const useAdmins = () =>
  useQuery({ queryKey: ['user', 'get_admins'], queryFn: () => call(userAdminContract, 'get_admins', {}), staleTime: 5 * 60_000 });
