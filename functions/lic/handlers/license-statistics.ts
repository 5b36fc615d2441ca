import type { licAdminContract } from '../../../shared/contract/lic.admin';
import { licenseGraph, licenseTypeFigures } from '../../domain/licenses/license-figures';
import type { EndpointHandlers } from '../../endpoint';

/** Licenses by type and state, and their history, from the license counters (license-figures.ts): a few Queries, no list load. */
export const getLicenseStatistics: EndpointHandlers<typeof licAdminContract>['get_license_statistics'] = async () => {
  const now = new Date();
  const [license_type_stats, graph] = await Promise.all([licenseTypeFigures(now), licenseGraph(now)]);
  return { license_type_stats, graph };
};
