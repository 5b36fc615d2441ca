import type { userAdminContract } from '../../../shared/contract/user.admin';
import { auditList } from '../../domain/audit/audit-list';
import type { EndpointHandlers } from '../../endpoint';

type AdminHandlers = EndpointHandlers<typeof userAdminContract>;

/** One page of the audit trail (the declared list: auditList), filtered by admin, action and days. */
export const getAuditEntries: AdminHandlers['get_audit_entries'] = async (params) => {
  const { rows, count } = await auditList.page(params);
  return { entries: rows, count };
};

/** The filtered audit trail in its order, as a CSV export. */
export const getAuditCsv: AdminHandlers['get_audit_csv'] = (params) => auditList.csv(params);
