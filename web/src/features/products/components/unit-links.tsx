import { PageLinks } from '../../../components/page-links';
import { paths } from '../../../lib/routing/paths';
import { productTexts } from '../messages';

/**
 * The other pages about one's units, IV curves and firmware: every user's, though the side menu lists IV
 * Curves only under Admin and Firmware not at all, so My products links them.
 */
export function UnitLinks() {
  return (
    <PageLinks
      links={[
        { to: paths.ivCurves, label: productTexts.toIvCurves },
        { to: paths.firmware, label: productTexts.toFirmware },
      ]}
    />
  );
}
