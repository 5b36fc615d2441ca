import { PageLinks } from '../../../components/page-links';
import { paths } from '../../../lib/routing/paths';
import { licenseCodeTexts } from '../../admin-codes';

/** The way to the license code screens, which the side menu does not name: All licenses links both. */
export function LicenseCodeLinks() {
  return (
    <PageLinks
      links={[
        { to: paths.createCodes, label: licenseCodeTexts.toGenerator },
        { to: paths.listCodes, label: licenseCodeTexts.toList },
      ]}
    />
  );
}
