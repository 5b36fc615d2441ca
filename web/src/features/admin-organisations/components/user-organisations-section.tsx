import { Anchor, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import type { UserInformation } from '../../../../../shared/contract/user.admin';
import { TableFrame } from '../../../components/table-frame';
import { formatDate } from '../../../lib/dates';
import { organisationPath } from '../../organisations';

const roleNames = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

/** The user detail's Organisations: those the user belongs to, with their role, each opening its screen. */
export function UserOrganisationsSection({ user }: { user: UserInformation }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} id={headingId} mb="sm">
        Organisations
      </Title>
      {user.organisations.length === 0 ? (
        <Text>No organisations.</Text>
      ) : (
        <TableFrame label="Organisations" minWidth={420}>
          <Table striped verticalSpacing={6} fz="sm" aria-label="Organisations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Organisation</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Joined</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.organisations.map((membership) => (
                <Table.Tr key={membership.organisation_id}>
                  <Table.Td>
                    <Anchor component={Link} to={organisationPath(membership.organisation_id)}>
                      {membership.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{roleNames[membership.role]}</Table.Td>
                  <Table.Td>{formatDate(membership.joined)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableFrame>
      )}
    </section>
  );
}
