import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/routing/paths';
import { productTexts } from '../messages';

/**
 * The other pages about one's units: IV curves and firmware. The side menu is the product's fixed list
 * (IV Curves only under Admin, Firmware not at all) while both are every user's, so My products links them.
 */
export function UnitLinks() {
  return (
    <Group gap="lg" mt={-8} mb="md">
      <Anchor component={Link} to={paths.ivCurves} size="sm">
        {productTexts.toIvCurves}
      </Anchor>
      <Anchor component={Link} to={paths.firmware} size="sm">
        {productTexts.toFirmware}
      </Anchor>
    </Group>
  );
}
