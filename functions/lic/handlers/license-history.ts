import type { licAdminContract } from '../../../shared/contract/lic.admin';
import { licenseHistory } from '../../domain/audit/audit.repository';
import { historyPage } from '../../domain/audit/history-page';
import type { EndpointHandlers } from '../../endpoint';

type AdminHandlers = EndpointHandlers<typeof licAdminContract>;

/** A license's History: one page of the audit entries naming it, newest first. A license with no entry has an empty history. */
export const getLicenseHistory: AdminHandlers['get_license_history'] = async ({ license_id, limit, page }) =>
  historyPage(await licenseHistory(license_id), { limit, page });
