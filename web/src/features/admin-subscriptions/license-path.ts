import { paths, withQuery } from '../../lib/routing/paths';

/** All licenses narrowed to one license (its Id filter), where a subscription's license id links to. */
export const licensePath = (licenseId: number) => withQuery(paths.allLicenses, { id: String(licenseId) });
