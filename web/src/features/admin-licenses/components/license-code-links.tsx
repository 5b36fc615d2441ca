import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/routing/paths';
import { licenseCodeTexts } from '../../admin-codes/messages';

/**
 * The way to the license code screens: the side menu is the product's fixed list, which names neither,
 * so All licenses (the first admin entry) links to both.
 */
export function LicenseCodeLinks() {
  return (
    <Group gap="lg" mt={-8} mb="md">
      <Anchor component={Link} to={paths.createCodes} size="sm">
        {licenseCodeTexts.toGenerator}
      </Anchor>
      <Anchor component={Link} to={paths.listCodes} size="sm">
        {licenseCodeTexts.toList}
      </Anchor>
    </Group>
  );
}
