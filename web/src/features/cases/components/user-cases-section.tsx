import { Title } from '@mantine/core';
import { useId } from 'react';
import type { UserInformation } from '../../../../../shared/contract/user.admin';
import { UserCasesTable } from './user-cases-table';

/** The user detail's Cases, under its heading, which names it for screen readers. */
export function UserCasesSection({ user }: { user: UserInformation }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} id={headingId} mb="sm">
        Cases
      </Title>
      <UserCasesTable cases={user.cases} />
    </section>
  );
}
