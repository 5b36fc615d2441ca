import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { AppPath } from '../../../lib/routing/paths';
import { LocalMailboxLink } from './local-mailbox-link';

/** The row of links under a signed-out form; `mailbox` adds the local mailbox where codes arrive. */
export function AuthLinks({ links, mailbox = false }: { links: [to: AppPath, label: string][]; mailbox?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" mt="xs">
      {links.map(([to, label]) => (
        <Anchor key={to} component={Link} to={to} size="sm">
          {label}
        </Anchor>
      ))}
      {mailbox && <LocalMailboxLink />}
    </Group>
  );
}
