import type { licAdminContract } from '../../../shared/contract/lic.admin';
import { licenseTypeFigures } from '../../domain/licenses/license-figures';
import type { EndpointHandlers } from '../../lib/endpoint-app';

/** Licenses by type and state, from the license counters (license-figures.ts): a few Queries, no list load. */
export const getLicenseStatistics: EndpointHandlers<typeof licAdminContract>['get_license_statistics'] = async () => ({
  license_type_stats: await licenseTypeFigures(),
});
