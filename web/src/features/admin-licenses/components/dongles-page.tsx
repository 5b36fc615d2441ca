import { Table, Text } from '@mantine/core';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { useCmdQuery } from '../../../api/cmd-query';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { Person } from '../../../components/person';
import { TableFrame } from '../../../components/table-frame';
import { formatDate } from '../../../lib/dates';
import { userDetailPath } from '../../admin-users';
import { adminLicenseTexts } from '../messages';

function Dongles() {
  const dongles = useCmdQuery(licAdminContract, 'get_license_dongles', {});
  if (dongles.isPending) return <PageLoader />;
  // A failed load shows its message in red at the top of the page.
  if (!dongles.data) return null;
  if (dongles.data.dongles.length === 0) return <Text>{adminLicenseTexts.noDongles}</Text>;
  return (
    <TableFrame label="Dongles" minWidth={560}>
      <Table striped verticalSpacing={6} fz="sm" aria-label="Dongles">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Id</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>User</Table.Th>
            <Table.Th>Dongle hid</Table.Th>
            <Table.Th>License id</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dongles.data.dongles.map((dongle) => (
            <Table.Tr key={dongle.id}>
              <Table.Td>{dongle.id}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(dongle.created)}</Table.Td>
              <Table.Td>
                <Person id={dongle.user_id} email={dongle.user_email} to={userDetailPath(dongle.user_id)} />
              </Table.Td>
              <Table.Td>{dongle.hid}</Table.Td>
              <Table.Td>{dongle.license_id}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}

/** Dongles (admin): the licenses bound to a dongle, newest first (columns Id, Created, User, Dongle hid, License id). */
export default function DonglesPage() {
  return (
    <>
      <PageTitle />
      <Dongles />
    </>
  );
}
