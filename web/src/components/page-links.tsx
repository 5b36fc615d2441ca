import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';

/**
 * Links under a page's title to pages the side menu does not name (it is the product's fixed list), so
 * every page is reachable without typing its address.
 */
export function PageLinks({ links }: { links: readonly { to: string; label: string }[] }) {
  return (
    <Group gap="lg" mt={-8} mb="md">
      {links.map(({ to, label }) => (
        <Anchor key={to} component={Link} to={to} size="sm">
          {label}
        </Anchor>
      ))}
    </Group>
  );
}
